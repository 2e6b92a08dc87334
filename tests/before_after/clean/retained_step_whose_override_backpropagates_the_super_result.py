import torch
from torch import nn


class Base:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

    def train_step(self, x, y):
        self.optimizer.zero_grad()
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward(retain_graph=True)
        return loss

    def fit(self):
        for x, y in self.loader:
            self.train_step(x, y)
            self.optimizer.step()


class Penalised(Base):
    def train_step(self, x, y):
        loss = super().train_step(x, y)
        (0.1 * loss).backward()
        return loss


if __name__ == "__main__":
    Penalised(nn.Linear(3, 3), [(torch.randn(4, 3), torch.tensor([0, 1, 2, 0]))]).fit()
