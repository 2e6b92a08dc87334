import torch
from torch import nn


def build_optimizer(params):
    return torch.optim.SGD(params, lr=0.01)


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1))
        self.head = nn.Linear(1, 1)
        self.optimizer = torch.optim.Adam([*self.trunk.parameters(), *self.head.parameters()], lr=1e-3)

    def forward(self, inputs):
        return self.head(self.trunk(inputs))

    def train_epochs(self, batches, epochs):
        epoch = 0
        while epoch < epochs:
            for inputs, targets in batches:
                self.trunk.zero_grad()
                loss = nn.functional.l1_loss(self(inputs), targets)
                loss.backward()
                self.optimizer.step()
            epoch += 1


class Finetuner:
    def __init__(self, backbone):
        self.backbone = backbone
        self.optimizer = build_optimizer(backbone.parameters())

    def run(self, batches):
        for inputs, targets in batches:
            self.optimizer.zero_grad(set_to_none=True)
            loss = nn.functional.l1_loss(self.backbone(inputs), targets)
            loss.backward()
            self.optimizer.step()
