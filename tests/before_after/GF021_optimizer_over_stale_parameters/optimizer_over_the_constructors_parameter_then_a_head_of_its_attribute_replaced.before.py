import torch
import torch.nn as nn


class Finetuner:
    def __init__(self, backbone, num_classes, lr=0.01):
        self.backbone = backbone
        self.optimizer = torch.optim.SGD(backbone.parameters(), lr=lr, momentum=0.9)
        self.backbone.fc = nn.Linear(self.backbone.fc.in_features, num_classes)

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = nn.functional.cross_entropy(self.backbone(x), y)
            loss.backward()
            self.optimizer.step()
