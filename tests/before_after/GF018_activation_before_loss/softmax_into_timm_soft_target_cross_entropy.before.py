import torch
from timm.loss import SoftTargetCrossEntropy


def train_one_epoch(model, loader, optimizer, mixup_fn):
    criterion = SoftTargetCrossEntropy()
    model.train()
    for images, targets in loader:
        images, targets = mixup_fn(images, targets)
        probs = torch.softmax(model(images), dim=-1)
        loss = criterion(probs, targets)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
