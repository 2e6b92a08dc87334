import torch
import torch.nn.functional as F
from accelerate import Accelerator

ACCUM_STEPS = 4


def micro_loss(net, batch):
    inputs, targets = batch
    return F.cross_entropy(net(inputs), targets) / ACCUM_STEPS


def fit(net, loader):
    accelerator = Accelerator()
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    net, optimizer, loader = accelerator.prepare(net, optimizer, loader)
    for index, batch in enumerate(loader):
        loss = micro_loss(net, batch)
        accelerator.backward(loss)
        if (index + 1) % ACCUM_STEPS == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (index + 1) % ACCUM_STEPS != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
