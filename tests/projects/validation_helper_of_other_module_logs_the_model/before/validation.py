import torch
from torch import nn


def validate(generator, loader, writer, step):
    generator.eval()
    total = 0.0
    with torch.no_grad():
        for x, y in loader:
            total += nn.functional.mse_loss(generator(x), y).item()
    writer.log_validation(total / len(loader), generator, step)
