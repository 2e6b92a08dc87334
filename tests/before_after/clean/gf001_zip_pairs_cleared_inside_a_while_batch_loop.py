# Correct: each (model, optimizer) pair is cleared first inside the pair loop.
import torch


def train(models, opts, stream, steps):
    step = 0
    while step < steps:
        x, y = next(stream)
        for model, opt in zip(models, opts):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
        step += 1
