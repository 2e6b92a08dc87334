# Moving, casting or compiling the model the optimizer was built over keeps its parameters:
# a module's `.to()` / `.half()` return the module itself and `torch.compile(model)` wraps it.
# The new head is built (and moved) before the optimizer.
import torch
from torch import nn


def finetune(model, loader, num_classes, device="cuda"):
    model.head = nn.Linear(model.head.in_features, num_classes).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model = model.to(device)
    model.float()
    model = torch.compile(model)
    for images, labels in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(images.to(device)), labels.to(device)).backward()
        optimizer.step()
    return model
