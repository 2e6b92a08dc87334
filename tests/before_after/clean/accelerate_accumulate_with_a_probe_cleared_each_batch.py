"""Inside `accelerator.accumulate(body)`, a linear probe is trained on every micro-batch, by its
own plain optimizer or by hand, and cleared with `probe.zero_grad()` each time: that clear is
the probe's own (Accelerate gates only the prepared optimizer's), so it stays."""
import torch
from accelerate import Accelerator


def probe_update(probe, inputs, lr=0.1):
    (probe(inputs) - 1).pow(2).mean().backward()
    with torch.no_grad():
        for p in probe.parameters():
            p -= lr * p.grad


def train(body, probe, batches, by_hand):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    body_opt = torch.optim.SGD(body.parameters(), lr=0.1)
    probe_opt = torch.optim.SGD(probe.parameters(), lr=0.1)
    body, body_opt = accelerator.prepare(body, body_opt)
    for inputs in batches:
        with accelerator.accumulate(body):
            accelerator.backward(body(inputs).pow(2).mean())
            body_opt.step()
            body_opt.zero_grad()
            if by_hand:
                probe_update(probe, inputs)
            else:
                (probe(inputs) - 1).pow(2).mean().backward()
                probe_opt.step()
            probe.zero_grad()
