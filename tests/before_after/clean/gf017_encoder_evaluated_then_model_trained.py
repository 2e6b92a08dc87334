# The encoder is put in eval mode for a feature check (not frozen), and `model.train()`
# restores the mode before training: correct. Also a freeze written after `model.train()`
# keeps its eval mode. Silent.
import torch
from torch import nn


def run(model, batches, probe_x, epochs=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(epochs):
        model.encoder.eval()
        with torch.no_grad():
            print(model.encoder(probe_x).norm().item())
        model.train()
        if epoch == 0:
            model.head.requires_grad_(False)
            model.head.eval()
        for x, y in batches:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()
