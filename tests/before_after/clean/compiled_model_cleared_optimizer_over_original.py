"""`torch.compile(model)` returns a module that owns the original model's parameters:
clearing the compiled module clears what the optimizer steps."""

import torch


def train(model, loader):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    compiled = torch.compile(model)
    for x, y in loader:
        compiled.zero_grad(set_to_none=True)
        torch.nn.functional.cross_entropy(compiled(x), y).backward()
        optimizer.step()
