"""One training step; the loop lives in main.py."""
import torch.nn.functional as F


def train_step(model, optimizer, batch):
    """Forward, backward and update on one batch."""
    optimizer.zero_grad(set_to_none=True)
    x, y = batch
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()
