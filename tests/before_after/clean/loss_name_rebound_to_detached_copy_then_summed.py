import torch
from torch import nn


def run_epoch(model, loader, optimizer, criterion):
    """The loss name is rebound to a detached CPU copy before it is summed: no graph is kept."""
    total = torch.zeros(())
    for inputs, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        batch_loss = criterion(model(inputs), targets)
        batch_loss.backward()
        optimizer.step()
        batch_loss = batch_loss.detach().cpu()
        total += batch_loss
        smoothed = batch_loss.detach().to("cpu").float()
        total = total + smoothed
    return total / len(loader)


model = nn.Linear(3, 1)
run_epoch(model, [(torch.randn(4, 3), torch.randn(4, 1))], torch.optim.SGD(model.parameters(), lr=0.1), nn.MSELoss())
