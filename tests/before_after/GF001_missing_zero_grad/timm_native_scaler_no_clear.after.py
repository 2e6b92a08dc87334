import torch
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, criterion, clip_grad=None):
    loss_scaler = NativeScaler()
    model.train()
    for images, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = criterion(model(images), targets)
        loss_scaler(loss, optimizer, clip_grad=clip_grad, parameters=model.parameters())
