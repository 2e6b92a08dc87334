import torch
from accelerate import Accelerator

ACCUM = 4
PIECES = 2


def train(model, optimizer, loader):
    accelerator = Accelerator(gradient_accumulation_steps=ACCUM)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for inputs, targets in loader:
        with accelerator.accumulate(model):
            losses = [torch.nn.functional.cross_entropy(model(p), t) for p, t in zip(inputs.chunk(PIECES), targets.chunk(PIECES))]
            loss = torch.stack(losses).mean()
            accelerator.backward(loss / ACCUM)
            optimizer.step()
            optimizer.zero_grad()
