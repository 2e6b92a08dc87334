import torch
from torch import nn


class Model:
    def __init__(self, train_backbone=False):
        self.backbone = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
        self.head = nn.Linear(16, 1)
        self.train_backbone = train_backbone
        self.head_opt = torch.optim.Adam(self.head.parameters(), lr=1e-3)
        self.backbone_opt = torch.optim.AdamW(self.backbone.parameters(), lr=1e-4)

    def fit(self, loader, epochs=3):
        for epoch in range(epochs):
            for x, y in loader:
                self.head_opt.zero_grad(set_to_none=True)
                features = self.backbone(x)
                if not self.train_backbone:
                    features = features.detach()
                loss = nn.functional.mse_loss(self.head(features), y)
                loss.backward()
                self.head_opt.step()
                if self.train_backbone:
                    self.backbone_opt.step()  # never cleared: every step applies all gradients so far
                    self.backbone_opt.zero_grad(set_to_none=True)
