# Each epoch ends by tracing the model in eval mode for a checkpoint; torch.jit.trace (like
# torch.onnx.export) leaves the mode as it was, so every later epoch trains in eval mode.
import torch
from torch import nn


def fit(model, opt, loader, epochs, example):
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        model.eval()
        traced = torch.jit.trace(model, example)
        traced.save(f"model_{epoch}.pt")
        torch.onnx.export(model, (example,), f"model_{epoch}.onnx")
