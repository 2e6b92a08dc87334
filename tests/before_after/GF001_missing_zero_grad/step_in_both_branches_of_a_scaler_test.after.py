import torch
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, loss_fn, loss_scaler=None, clip_grad=None):
    model.train()
    for images, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn(model(images), targets)
        if loss_scaler is not None:
            loss_scaler(loss, optimizer, clip_grad=clip_grad, parameters=model.parameters())
        else:
            loss.backward()
            if clip_grad is not None:
                torch.nn.utils.clip_grad_norm_(model.parameters(), clip_grad)
            optimizer.step()


def main(model, loader, use_amp=True):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loss_scaler = NativeScaler() if use_amp else None
    for epoch in range(10):
        train_one_epoch(model, loader, optimizer, torch.nn.functional.cross_entropy, loss_scaler=loss_scaler)
