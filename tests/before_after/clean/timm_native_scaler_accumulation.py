import torch
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, criterion, accum_steps=4):
    loss_scaler = NativeScaler()
    optimizer.zero_grad()
    for batch_idx, (images, targets) in enumerate(loader):
        need_update = (batch_idx + 1) % accum_steps == 0 or batch_idx + 1 == len(loader)
        loss = criterion(model(images), targets) / accum_steps
        loss_scaler(loss, optimizer, parameters=model.parameters(), need_update=need_update)
        if need_update:
            optimizer.zero_grad()
