# The window's clip and its step sit in two `if boundary:` blocks: a flush copying the stepping
# block alone would step the last partial window unclipped, so it is reported without a fix.
import torch
from torch import nn

ACC = 4


def fit(model, opt, loader, epochs):
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = nn.functional.mse_loss(model(x), y) / ACC
            loss.backward()
            boundary = (i + 1) % ACC == 0
            if boundary:
                nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            if boundary:
                opt.step()
                opt.zero_grad()
