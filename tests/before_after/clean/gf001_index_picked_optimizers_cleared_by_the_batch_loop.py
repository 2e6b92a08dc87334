# Correct: the batch loop clears each optimizer in a loop before the loop that steps
# `optimizers[m]` once per model.
import torch


def train_ensemble(members, optimizers, loader):
    for x, y in loader:
        for o in optimizers:
            o.zero_grad(set_to_none=True)
        for m in range(len(members)):
            loss = torch.nn.functional.mse_loss(members[m](x), y)
            loss.backward()
            optimizers[m].step()
