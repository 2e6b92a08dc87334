"""Between two backward passes of one forward graph, a helper of another package takes the
first loss's gradients out of the model (it copies and clears them); the step uses the second
loss's gradients and the stashed ones are logged. Merging the two backward calls would hand
the helper the sum instead."""

import torch

from trainer_utils import stash


def train(model, loader, optimizer, log):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        task = torch.nn.functional.cross_entropy(out, y)
        aux = out.pow(2).mean()
        task.backward(retain_graph=True)
        saved = stash(model)
        aux.backward()
        optimizer.step()
        log(saved)
