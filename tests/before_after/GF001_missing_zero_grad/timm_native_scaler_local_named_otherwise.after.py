"""timm's NativeScaler in a local variable named `mixed`: each call backpropagates and steps,
and the loop never clears the gradients."""

import torch
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, criterion):
    mixed = NativeScaler()
    for images, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = criterion(model(images), targets)
        mixed(loss, optimizer, parameters=model.parameters())
