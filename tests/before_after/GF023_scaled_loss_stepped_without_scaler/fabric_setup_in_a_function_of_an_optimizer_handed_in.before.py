import torch
from lightning.fabric import Fabric


def fit(fabric, network, opt, batches, grad_scaler, steps):
    network, opt = fabric.setup(network, opt)
    done = 0
    while done < steps:
        inputs, target = batches[done % len(batches)]
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.smooth_l1_loss(network(inputs), target)
        fabric.backward(grad_scaler.scale(loss))
        opt.step()
        grad_scaler.update()
        done += 1


def main(batches):
    fabric = Fabric(accelerator="cpu", devices=1)
    network = torch.nn.Linear(6, 2)
    fit(fabric, network, torch.optim.Adam(network.parameters()), batches, torch.amp.GradScaler("cpu"), 100)
