import torch
from lightning.fabric import Fabric


def train(model, loader, epochs):
    fabric = Fabric(accelerator="auto", devices=1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(loader)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            fabric.backward(loss)
            optimizer.step()
