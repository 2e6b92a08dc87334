# A window counted down afresh each epoch (`left = left - 1`, the step when `not left`, then
# `left = ACCUM` again), with no step after the batch loop: the micro-batches after the last
# full window are wiped by the next epoch's first window. The flush tests the countdown's
# state: `left != ACCUM` while micro-batches wait for a step.
import torch

ACCUM = 4


def train(model, optimizer, loader, epochs):
    for epoch in range(epochs):
        left = ACCUM
        for step, (x, y) in enumerate(loader):
            loss = torch.nn.functional.mse_loss(model(x), y) / ACCUM
            loss.backward()
            left = left - 1
            if not left:
                optimizer.step()
                optimizer.zero_grad()
                left = ACCUM
                print(f"epoch {epoch} step {step}")
