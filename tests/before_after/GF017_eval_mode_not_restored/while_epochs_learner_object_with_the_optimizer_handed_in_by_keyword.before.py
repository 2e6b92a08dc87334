import torch
import torch.nn as nn


class Learner:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def learn(self, batch):
        inputs, targets = batch
        self.optimizer.zero_grad()
        nn.functional.mse_loss(self.model(inputs), targets).backward()
        self.optimizer.step()


def validate(model, batches):
    model.eval()
    with torch.no_grad():
        return sum(nn.functional.mse_loss(model(i), t).item() for i, t in batches)


def fit(model, batches, optimizer=None, epochs=2):
    learner = Learner(model, optimizer)
    epoch = 0
    while epoch < epochs:
        for batch in batches:
            learner.learn(batch)
        print(validate(model, batches))
        epoch += 1


def main():
    model = nn.Sequential(nn.Linear(3, 8), nn.Dropout(0.2), nn.Linear(8, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    fit(model=model, batches=[(torch.randn(4, 3), torch.randn(4, 1))], optimizer=optimizer)


main()
