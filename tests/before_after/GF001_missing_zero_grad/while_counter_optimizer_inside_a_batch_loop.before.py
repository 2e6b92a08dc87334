# Buggy: a `while` loop hands out each member's optimizer by its counter, but the batch loop
# around it steps every optimizer again on each batch, and nothing clears.
import torch


def train_ensemble(members, optimizers, loader):
    for x, y in loader:
        m = 0
        while m < len(members):
            loss = torch.nn.functional.mse_loss(members[m](x), y)
            loss.backward()
            optimizers[m].step()
            m += 1
