"""Gradient surgery done by an object of a library (`surgery.ConflictAverse`): it collects
the model's gradients after each task's backward and writes the combination back before the
step. The two backward calls must stay separate: merged, the collector would see one sum."""

import torch

from surgery import ConflictAverse


def train(model, loader, optimizer):
    combiner = ConflictAverse()
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        task = torch.nn.functional.cross_entropy(out, y)
        aux = out.pow(2).mean()
        task.backward(retain_graph=True)
        combiner.collect(model)
        aux.backward()
        combiner.collect(model)
        combiner.write_back(model)
        optimizer.step()
