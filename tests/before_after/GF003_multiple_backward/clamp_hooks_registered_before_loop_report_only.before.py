"""Each parameter's gradient is clamped by a hook registered before the loop. The hook runs
once per backward pass: two passes clamp each loss's gradient, one pass of the sum would
clamp the sum. Reported (the retained graph still costs memory), never merged."""

import torch


def train(model, loader, optimizer):
    for p in model.parameters():
        p.register_hook(lambda g: g.clamp(-0.1, 0.1))
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        task = torch.nn.functional.cross_entropy(out, y)
        reg = out.pow(2).mean()
        task.backward(retain_graph=True)
        reg.backward()
        optimizer.step()
