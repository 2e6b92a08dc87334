# The scaler's `need_update=` is a switch the caller hands in, not a window the loop counts:
# every call steps or none does; nothing accumulates across micro-batches by the loop's count.
import torch.nn.functional as F


def run(model, loader, optimizer, loss_scaler, update=True):
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        loss_scaler(loss, optimizer, need_update=update)
        optimizer.zero_grad()
