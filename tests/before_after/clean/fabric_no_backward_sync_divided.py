import torch
from lightning.fabric import Fabric

ACCUMULATION_STEPS = 8


def train(model, loader):
    fabric = Fabric(accelerator="cpu", devices=1)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model, optimizer = fabric.setup(model, optimizer)
    for step, (x, y) in enumerate(loader):
        # the last batch ends a window too: no micro-batch is left without a step
        is_accumulating = (step + 1) % ACCUMULATION_STEPS != 0 and step + 1 < len(loader)
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            loss = torch.nn.functional.cross_entropy(model(x), y)
            fabric.backward(loss / ACCUMULATION_STEPS)
        if not is_accumulating:
            fabric.clip_gradients(model, optimizer, max_norm=1.0)
            optimizer.step()
            optimizer.zero_grad()
