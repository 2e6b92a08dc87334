import torch
from torch import nn


class Evaluator:
    def __init__(self, model, batches):
        self.model = model
        self.batches = batches

    def __call__(self):
        self.model.eval()
        with torch.no_grad():
            total = sum(float(nn.functional.mse_loss(self.model(x), y)) for x, y in self.batches)
        self.model.train()
        return total


class TrainStep:
    def __init__(self, model):
        self.model = model
        self.optimizer = None

    def __call__(self, x, y, i):
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()


def fit(model, batches, epochs):
    step = TrainStep(model)
    evaluate = Evaluator(model, batches[:2])
    for epoch in range(epochs):
        for i, (x, y) in enumerate(batches):
            loss = step(x, y, i)
        print(epoch, loss, evaluate())
