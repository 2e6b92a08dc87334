# Buggy: each model's optimizer is picked by the inner loop's index, but the batch loop around
# it steps every optimizer again on each batch, and nothing clears.
import torch


def train_ensemble(members, optimizers, loader, epochs):
    for _ in range(epochs):
        for x, y in loader:
            for m in range(len(members)):
                optimizers[m].zero_grad(set_to_none=True)
                loss = torch.nn.functional.mse_loss(members[m](x), y)
                loss.backward()
                optimizers[m].step()
