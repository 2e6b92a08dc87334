# `fabric.backward(scaler.scale(loss))` then `optimizer.step()` on the optimizer Fabric set up:
# Fabric's step does not know the hand scaler, so it applies gradients still multiplied by the
# loss scale. `scaler.update()` follows: the safe fix hands the step to the scaler.
import torch
from lightning_fabric import Fabric

fabric = Fabric(accelerator="cpu", devices=1)
model = torch.nn.Linear(16, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
model, optimizer = fabric.setup(model, optimizer)
scaler = torch.amp.GradScaler("cpu")


def train_one_epoch(loader):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        fabric.backward(scaler.scale(loss))
        optimizer.step()
        scaler.update()
