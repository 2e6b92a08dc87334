# The loss helper divides by the count it is handed, and the loop hands it the Accelerator's
# accumulation setting: `accelerator.backward` divides again. The fix hands the helper 1,
# leaving the helper (and its other callers) as they are.
import torch
import torch.nn.functional as F
from accelerate import Accelerator

WINDOW = 8


def window_loss(net, inputs, labels, micro_batches):
    logits = net(inputs)
    return F.cross_entropy(logits, labels) / micro_batches


def fit(net, loader, epochs):
    accelerator = Accelerator(gradient_accumulation_steps=WINDOW)
    optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
    net, optimizer, loader = accelerator.prepare(net, optimizer, loader)
    for epoch in range(epochs):
        for inputs, labels in loader:
            with accelerator.accumulate(net):
                loss = window_loss(net, inputs, labels, micro_batches=1)
                accelerator.backward(loss)
                optimizer.step()
                optimizer.zero_grad()
