import torch
from torch import nn


def fit(net: nn.Module, loader, epochs: int, lr: float, plain_groups: bool) -> None:
    optimizer = torch.optim.AdamW(net.parameters(), lr=lr)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=lr, epochs=epochs, steps_per_epoch=len(loader))
    if plain_groups:
        # no weight decay for this run
        optimizer = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=0.0)
    for _ in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            nn.functional.l1_loss(net(inputs), targets).backward()
            optimizer.step()
            scheduler.step()
