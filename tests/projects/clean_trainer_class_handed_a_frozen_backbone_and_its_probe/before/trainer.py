import torch
from torch.nn import functional as F


class ProbeTrainer:
    def __init__(self, backbone, head, optimizer, train_loader, val_loader):
        self.backbone = backbone
        self.head = head
        self.optimizer = optimizer
        self.train_loader = train_loader
        self.val_loader = val_loader

    def validate(self):
        self.backbone.eval()
        self.head.eval()
        correct = 0
        with torch.no_grad():
            for x, y in self.val_loader:
                correct += (self.head(self.backbone(x)).argmax(dim=1) == y).sum().item()
        self.head.train()
        return correct

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.train_loader:
                self.optimizer.zero_grad()
                with torch.no_grad():
                    features = self.backbone(x)
                F.cross_entropy(self.head(features), y).backward()
                self.optimizer.step()
            print(epoch, self.validate())
