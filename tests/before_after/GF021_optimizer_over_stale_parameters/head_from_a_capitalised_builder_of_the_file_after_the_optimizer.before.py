import torch
from torch import nn


def New_Head(features, classes):
    head = nn.Linear(features, classes)
    nn.init.zeros_(head.bias)
    return head


def finetune(model, loader, classes):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    model.fc = New_Head(512, classes)
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
