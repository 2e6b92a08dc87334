# validation.py switches the generator to eval mode and hands it to the logger, which only
# reads it; nothing switches it back before the next epoch's training.
import torch
from torch import nn

from validation import validate


def train(model_g, loader, val_loader, writer, epochs):
    optim_g = torch.optim.Adam(model_g.parameters(), lr=1e-3)
    model_g.train()
    step = 0
    for epoch in range(epochs):
        validate(model_g, val_loader, writer, step)
        model_g.train()
        for x, y in loader:
            optim_g.zero_grad()
            loss = nn.functional.mse_loss(model_g(x), y)
            loss.backward()
            optim_g.step()
            step += 1
