# The loss helper divides by what it is handed, but the loop hands it the number of processes,
# not the accumulation count: only the Accelerator divides by the window.
import torch
import torch.nn.functional as F
from accelerate import Accelerator


def shared_loss(net, inputs, labels, world):
    return F.cross_entropy(net(inputs), labels) / world


def fit(net, loader):
    accelerator = Accelerator(gradient_accumulation_steps=2)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    net, optimizer, loader = accelerator.prepare(net, optimizer, loader)
    for inputs, labels in loader:
        with accelerator.accumulate(net):
            loss = shared_loss(net, inputs, labels, accelerator.num_processes)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
