# Buggy: the `while` loop counts batches with `n`, but picks the model and optimizer with `k`,
# which cycles (`k = (k + 1) % 2`): each optimizer steps again every other batch, never cleared.
import torch


def alternate(models, optimizers, batches):
    k = 0
    n = 0
    while n < len(batches):
        loss = torch.nn.functional.mse_loss(models[k](batches[n]), batches[n])
        loss.backward()
        optimizers[k].step()
        n += 1
        k = (k + 1) % 2
