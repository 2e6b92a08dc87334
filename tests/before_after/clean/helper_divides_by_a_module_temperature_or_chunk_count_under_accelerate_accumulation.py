import torch
import torch.nn.functional as F
from accelerate import Accelerator

TEMPERATURE = 2.0
CHUNKS = 4
STEPS_PER_UPDATE = 4


def tempered_loss(net, batch):
    inputs, targets = batch
    return F.cross_entropy(net(inputs), targets) / TEMPERATURE


def chunked_loss(net, batch):
    inputs, targets = batch
    total = sum(F.cross_entropy(net(x), y, reduction="sum") for x, y in zip(inputs.chunk(CHUNKS), targets.chunk(CHUNKS)))
    return total / CHUNKS


def fit(net, loader):
    accelerator = Accelerator(gradient_accumulation_steps=STEPS_PER_UPDATE)
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    net, optimizer, loader = accelerator.prepare(net, optimizer, loader)
    for batch in loader:
        with accelerator.accumulate(net):
            loss = tempered_loss(net, batch)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    for batch in loader:
        with accelerator.accumulate(net):
            loss = chunked_loss(net, batch)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
