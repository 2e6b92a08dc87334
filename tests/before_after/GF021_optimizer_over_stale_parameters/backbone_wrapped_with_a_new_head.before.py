# The model is wrapped with a new head after the optimizer was built: the wrapper keeps the
# old parameters, but the new `nn.Linear`'s are in no optimizer and never train.
import torch
from torch import nn


def train_probe(backbone, loader, num_classes, feature_dim=256):
    optimizer = torch.optim.SGD(backbone.parameters(), lr=0.01)
    backbone = nn.Sequential(backbone, nn.Flatten(), nn.Linear(feature_dim, num_classes))
    for batch, target in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(backbone(batch), target).backward()
        optimizer.step()
