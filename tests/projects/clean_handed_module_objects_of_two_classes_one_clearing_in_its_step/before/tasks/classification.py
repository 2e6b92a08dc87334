from torch import nn


class Classification(nn.Module):
    """Clears its own gradients before each forward."""

    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 3)

    def forward(self, x):
        return self.body(x)

    def shared_step(self, batch):
        self.zero_grad()
        inputs, targets = batch
        return nn.functional.cross_entropy(self(inputs), targets.long().clamp(0, 2).view(-1))

    def make_optimizer(self):
        import torch

        return torch.optim.SGD(self.parameters(), lr=0.05)
