# Buggy: the index cycles (`k % 2`): each optimizer is handed out again every other call.
import torch


def step_once(model, optimizer, batch):
    loss = model(batch).pow(2).mean()
    loss.backward()
    optimizer.step()


def alternate(models, optimizers, batches):
    for k in range(len(batches)):
        step_once(models[k % 2], optimizers[k % 2], batches[k])
