import torch
from accelerate import Accelerator

ACCUM = 4
PIECES = 4


def train(model, optimizer, loader):
    accelerator = Accelerator(gradient_accumulation_steps=ACCUM)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for inputs, targets in loader:
        with accelerator.accumulate(model):
            total = 0
            for part, wanted in zip(inputs.chunk(PIECES), targets.chunk(PIECES)):
                total = total + torch.nn.functional.cross_entropy(model(part), wanted)
            # the mean over the pieces of this micro-batch, not the accumulation division
            accelerator.backward(total / PIECES)
            optimizer.step()
            optimizer.zero_grad()
