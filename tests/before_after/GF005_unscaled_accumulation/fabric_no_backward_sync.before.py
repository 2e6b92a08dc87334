import torch
from lightning.fabric import Fabric

ACCUMULATION_STEPS = 8


def train(model, loader):
    fabric = Fabric(accelerator="cpu", devices=1)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model, optimizer = fabric.setup(model, optimizer)
    for step, (x, y) in enumerate(loader):
        is_accumulating = (step + 1) % ACCUMULATION_STEPS != 0
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            loss = torch.nn.functional.cross_entropy(model(x), y)
            fabric.backward(loss)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()
