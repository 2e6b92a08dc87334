import torch
from torch import nn


def train(model, loader, optimizer):
    model.train()
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    return sum(nn.functional.mse_loss(model(x), y).item() for x, y in loader)


def main(distributed=False):
    loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
    model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1))
    model_without_ddp = model
    if distributed:
        model = nn.parallel.DistributedDataParallel(model)
        model_without_ddp = model.module
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(3):
        train(model, loader, optimizer)  # switches `model` (the alias's wrapper) back to train mode
        print(epoch, evaluate(model_without_ddp, loader))
