# The Accelerator is built with `gradient_accumulation_steps=1`: it divides by 1, so the
# script's own division by the read-back setting is the only one (and divides by 1 as well).
import torch.nn.functional as F
from accelerate import Accelerator


def main(model, optimizer, loader, epochs):
    accelerator = Accelerator(mixed_precision="no", gradient_accumulation_steps=1)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        for x, y in loader:
            with accelerator.accumulate(model):
                loss = F.mse_loss(model(x), y)
                loss = loss / accelerator.gradient_accumulation_steps
                accelerator.backward(loss)
                optimizer.step()
                optimizer.zero_grad()
