# The loss helper splits the batch into `chunks` and averages over them: its division is a mean
# over the chunks, not the accumulation count, even though the loop hands it the same number.
import torch
import torch.nn.functional as F
from accelerate import Accelerator

ACCUM = 4


def chunked_loss(net, inputs, labels, chunks):
    total = sum(F.cross_entropy(net(x), y) for x, y in zip(inputs.chunk(chunks), labels.chunk(chunks)))
    return total / chunks


def fit(net, loader):
    accelerator = Accelerator(gradient_accumulation_steps=ACCUM)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    net, optimizer, loader = accelerator.prepare(net, optimizer, loader)
    for inputs, labels in loader:
        with accelerator.accumulate(net):
            loss = chunked_loss(net, inputs, labels, ACCUM)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
