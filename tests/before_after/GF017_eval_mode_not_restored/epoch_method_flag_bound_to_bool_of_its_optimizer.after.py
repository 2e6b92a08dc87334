import torch
import torch.nn as nn


class Runner:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.criterion = nn.MSELoss()

    def run(self, batches, opt=None):
        learning = bool(opt)
        if not learning:
            self.model.eval()
        total = 0.0
        for x, y in batches:
            loss = self.criterion(self.model(x), y)
            if learning:
                opt.zero_grad(set_to_none=True)
                loss.backward()
                opt.step()
            total += loss.item()
        return total

    def fit(self, batches_a, batches_b, epochs):
        epoch = 0
        while epoch < epochs:
            self.run(batches_a, self.optimizer)
            self.run(batches_b)
            self.model.train()
            epoch += 1


runner = Runner(nn.Sequential(nn.Linear(5, 10), nn.BatchNorm1d(10), nn.Linear(10, 1)))
runner.fit(
    [(torch.randn(8, 5), torch.randn(8, 1)) for _ in range(4)],
    [(torch.randn(8, 5), torch.randn(8, 1)) for _ in range(2)],
    3,
)
