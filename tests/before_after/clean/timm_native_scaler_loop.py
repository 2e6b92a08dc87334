import torch
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, criterion, lr_scheduler, clip_grad=None):
    loss_scaler = NativeScaler()
    model.train()
    for images, targets in loader:
        with torch.autocast("cuda"):
            loss = criterion(model(images), targets)
        optimizer.zero_grad()
        loss_scaler(loss, optimizer, clip_grad=clip_grad, parameters=model.parameters())
        lr_scheduler.step()
