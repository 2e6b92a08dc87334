import torch
import torch.nn as nn


def finetune(backbone, loader, num_classes, head_name="classifier"):
    optimizer = torch.optim.SGD(backbone.parameters(), lr=0.01, momentum=0.9)
    setattr(backbone, "classifier", nn.Linear(512, num_classes))  # new, untrained, and not in the optimizer
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(backbone(x), y).backward()
        optimizer.step()
