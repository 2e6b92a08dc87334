# A scaled loss through Fabric's backward, the Fabric optimizer stepped directly and no
# `update()` anywhere: reported; the fix (step through the scaler, then update) is unsafe.
import torch
from lightning.fabric import Fabric


def run(net, stream, total):
    fab = Fabric(accelerator="cpu")
    net, opt = fab.setup(net, torch.optim.Adam(net.parameters(), lr=1e-4))
    loss_scaler = torch.amp.GradScaler("cpu")
    it = 0
    while it < total:
        batch = next(stream)
        opt.zero_grad()
        out = net(batch["x"])
        fab.backward(loss_scaler.scale(torch.nn.functional.l1_loss(out, batch["y"])))
        opt.step()
        it += 1


run(torch.nn.Linear(4, 1), iter([]), 10)
