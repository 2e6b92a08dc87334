import torch
from torch import nn


class Schedule:
    def __init__(self, base: float, drop_at: int) -> None:
        self.lr = base
        self.drop_at = drop_at


def fit(net, batches, optimizer, plan):
    for epoch in range(4):
        if epoch == plan.drop_at:
            optimizer.lr = plan.lr * 0.1
        for xb, yb in batches:
            optimizer.zero_grad()
            nn.functional.mse_loss(net(xb), yb).backward()
            optimizer.step()


model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
plan = Schedule(0.1, 2)
fit(model, [(torch.randn(2, 3), torch.randn(2, 1))], opt, plan=plan)
