import math

import torch

GRAD_ACC = 8


def micro_step(model, optimizer, batch, step):
    inputs, labels = batch
    loss = torch.nn.functional.cross_entropy(model(inputs), labels) * (1.0 / GRAD_ACC)
    if math.isnan(loss.item()):
        return None
    model.zero_grad(set_to_none=True)
    loss.backward()
    if step % GRAD_ACC == GRAD_ACC - 1:
        optimizer.step()
    return loss.item()


def run(model, batches):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    step = 0
    while step < len(batches):
        micro_step(model, optimizer, batches[step], step)
        step += 1
