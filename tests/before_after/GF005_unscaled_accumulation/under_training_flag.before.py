import torch
from torch import nn


def run(model, optimizer, loader, is_train, accumulation_steps=2):
    total = 0.0
    i = 0
    while i < len(loader):
        inputs, labels = loader[i]
        loss = nn.functional.cross_entropy(model(inputs), labels)
        if is_train:
            loss.backward()
            if (i + 1) % accumulation_steps == 0 or (i + 1) == len(loader):
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
        total += loss.item()
        i += 1
    return total
