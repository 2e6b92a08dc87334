import torch
from timm.loss import BinaryCrossEntropy


def train(net, loader, optimizer):
    criterion = BinaryCrossEntropy(smoothing=0.1)
    hits = []
    for images, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        logits = net(images)
        loss = criterion(logits, targets)
        hits.append((torch.sigmoid(logits) > 0.5).float().mean().item())
        loss.backward()
        optimizer.step()
