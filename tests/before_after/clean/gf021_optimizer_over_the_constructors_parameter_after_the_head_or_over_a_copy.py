import copy

import torch
import torch.nn as nn


class CopiedFirst:
    """The attribute holds a copy: the optimizer is over the original (another problem, not this one)."""

    def __init__(self, backbone):
        self.backbone = copy.deepcopy(backbone)
        self.opt = torch.optim.SGD(self.backbone.parameters(), lr=0.1)

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            nn.functional.cross_entropy(self.backbone(x), y).backward()
            self.opt.step()


class HeadFirst:
    def __init__(self, backbone, classes):
        self.backbone = backbone
        self.backbone.fc = nn.Linear(8, classes)
        self.opt = torch.optim.SGD(backbone.parameters(), lr=0.1)

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            nn.functional.cross_entropy(self.backbone(x), y).backward()
            self.opt.step()


class RebindsLater:
    def __init__(self, backbone, classes):
        self.backbone = backbone
        self.opt = torch.optim.SGD(backbone.parameters(), lr=0.1)
        self.swap(classes)

    def swap(self, classes):
        self.backbone = nn.Linear(8, classes)
        self.backbone.fc = nn.Linear(8, classes)


class HeadReplacedBeforeTheOptimizer:
    def __init__(self, backbone, num_classes, lr=0.01):
        self.backbone = backbone
        self.backbone.fc = nn.Linear(self.backbone.fc.in_features, num_classes)
        self.optimizer = torch.optim.SGD(backbone.parameters(), lr=lr, momentum=0.9)

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = nn.functional.cross_entropy(self.backbone(x), y)
            loss.backward()
            self.optimizer.step()
