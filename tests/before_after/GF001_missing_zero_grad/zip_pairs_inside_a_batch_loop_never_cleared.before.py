# Buggy: each batch steps every (model, optimizer) pair handed out by `zip`, and nothing ever
# clears: each optimizer applies gradients summed over all batches so far (the same loop
# written with `optimizers[m]` under `for m in range(len(models))` is reported too).
import torch


def train_ensemble(models, optimizers, loader):
    for x, y in loader:
        for model, optimizer in zip(models, optimizers):
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
