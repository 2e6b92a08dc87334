import torch
import torch.nn as nn

EPOCHS = 6
STAGES = [("short", 2), ("full", 4)]


def train(model, loaders):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)
    for stage, epochs in STAGES:
        data = loaders[stage]
        for _ in range(epochs):
            for x, y in data:
                optimizer.zero_grad()
                nn.functional.cross_entropy(model(x), y).backward()
                optimizer.step()
                scheduler.step()
