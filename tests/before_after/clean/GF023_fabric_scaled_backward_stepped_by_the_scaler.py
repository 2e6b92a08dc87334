import torch
from lightning.fabric import Fabric


def fit(fabric, network, opt, batches, grad_scaler):
    network, opt = fabric.setup(network, opt)
    for inputs, target in batches:
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.smooth_l1_loss(network(inputs), target)
        fabric.backward(grad_scaler.scale(loss))
        grad_scaler.step(opt)
        grad_scaler.update()


def plain(fabric, network, opt, batches):
    network, opt = fabric.setup(network, opt)
    for inputs, target in batches:
        opt.zero_grad(set_to_none=True)
        fabric.backward(torch.nn.functional.smooth_l1_loss(network(inputs), target))
        opt.step()


def main(batches):
    fabric = Fabric(accelerator="cpu", devices=1)
    network = torch.nn.Linear(6, 2)
    fit(fabric, network, torch.optim.Adam(network.parameters()), batches, torch.amp.GradScaler("cpu"))
    plain(fabric, network, torch.optim.Adam(network.parameters()), batches)


fab = Fabric(accelerator="cpu", devices=1)
model, optimizer = fab.setup(torch.nn.Linear(6, 2), torch.optim.SGD(torch.nn.Linear(6, 2).parameters(), lr=0.1))
scaler = torch.amp.GradScaler("cpu")
for inputs, target in [(torch.randn(4, 6), torch.randn(4, 2))]:
    optimizer.zero_grad(set_to_none=True)
    scaled = scaler.scale(torch.nn.functional.mse_loss(model(inputs), target))
    fab.backward(scaled)
    scaler.step(optimizer)
    scaler.update()
