# The Accelerator is told to accumulate 1 step (it divides by 1); the loop accumulates 5
# micro-batches by hand and backpropagates each one's full loss.
import torch.nn.functional as F
from accelerate import Accelerator


def train(model, optimizer, loader, epochs, accum=5):
    accelerator = Accelerator(gradient_accumulation_steps=1)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = F.mse_loss(model(x), y)
            accelerator.backward(loss)
            if (i + 1) % accum == 0:
                optimizer.step()
                optimizer.zero_grad()
