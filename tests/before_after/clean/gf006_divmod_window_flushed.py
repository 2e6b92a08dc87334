# Correct: a window tested through `divmod` (`n_updates, rest = divmod(i + 1, accum)`, the step
# when `rest == 0`), the loss divided by the window, the clear in the window, and the tail
# flushed after the loop under `rest != 0`. GF005, GF006, GF011 and GF015 must stay silent.
import torch


def train(model, optimizer, loader, accum=4):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum
        loss.backward()
        n_updates, rest = divmod(i + 1, accum)
        if rest == 0:
            optimizer.step()
            optimizer.zero_grad()
    if rest != 0:
        optimizer.step()
        optimizer.zero_grad()
    return model
