import torch
from lightning_fabric import Fabric


def train(net, batches, accum=4):
    fabric = Fabric(accelerator="cpu")
    net, opt = fabric.setup(net, torch.optim.Adam(net.parameters(), lr=1e-3))
    for i, (x, y) in enumerate(batches):
        is_accumulating = (i + 1) % accum != 0 and i + 1 < len(batches)
        with fabric.no_backward_sync(net, enabled=is_accumulating):
            fabric.backward(torch.nn.functional.cross_entropy(net(x), y) / accum)
        if not is_accumulating:
            opt.step()
            opt.zero_grad()
