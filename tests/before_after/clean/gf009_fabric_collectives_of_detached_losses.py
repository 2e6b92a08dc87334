"""Correct: Fabric's collectives given detached losses or numbers."""
import torch
from lightning_fabric import Fabric


def fit(model, optimizer, loader, epochs):
    fabric = Fabric(accelerator="auto", devices="auto")
    model, optimizer = fabric.setup(model, optimizer)
    history = []
    for epoch in range(epochs):
        total = torch.zeros(())
        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            total += fabric.all_reduce(loss.detach(), reduce_op="sum")
            history.append(fabric.all_gather(loss.detach()).mean().item())
        fabric.print(epoch, total.item())
    return history
