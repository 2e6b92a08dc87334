# Two backward calls on one forward pass written on inline loss expressions (a module
# function's result, then a weighted method chain), the first keeping the graph: one backward
# of their sum does the same work once.
import torch
import torch.nn.functional as F
from torch import nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(12, 16), nn.ReLU(), nn.Linear(16, 3))

    def forward(self, x):
        return self.body(x)


def train(loader, epochs=2):
    net = Classifier()
    optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
    for _ in range(epochs):
        for inputs, labels in loader:
            optimizer.zero_grad()
            logits = net(inputs)
            # task loss
            total_loss = F.cross_entropy(logits, labels) + 0.01 * logits.pow(2).mean()
            total_loss.backward()
            optimizer.step()
