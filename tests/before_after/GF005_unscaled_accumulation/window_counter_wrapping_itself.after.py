import torch
from torch import nn


def train(model, optimizer, loader, accumulation_steps, epochs):
    counter = 0
    for epoch in range(epochs):
        for x, y in loader:
            counter = (counter + 1) % accumulation_steps
            loss = nn.functional.mse_loss(model(x), y)
            (loss / accumulation_steps).backward()
            if counter == 0:
                optimizer.step()
                optimizer.zero_grad()
