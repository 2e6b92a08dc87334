import torch
import torch.nn.functional as F


def train_epoch(model, optimizer, loader):
    """No accumulation: one backward and one step per batch, under anomaly detection."""
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autograd.detect_anomaly():
            loss = F.mse_loss(model(x), y)
            loss.backward()
        optimizer.step()
