import torch
from torch import nn


class CenterLoss(nn.Module):
    def __init__(self, classes: int, features: int):
        super().__init__()
        self.centers = nn.Parameter(torch.randn(classes, features))

    def forward(self, features, labels):
        return ((features - self.centers[labels]) ** 2).sum(1).mean()


def train(encoder, decoder, loader, classes: int = 10):
    parts = nn.ModuleList()
    parts.append(encoder)
    parts.append(decoder)
    center = CenterLoss(classes, 64)
    encoder.center_loss = center  # registered as a submodule: `encoder.zero_grad()` clears it too
    optimizer = torch.optim.SGD(list(encoder.parameters()) + list(decoder.parameters()), lr=0.01)
    for x, y in loader:
        parts.zero_grad(set_to_none=True)
        features = encoder(x)
        loss = nn.functional.mse_loss(decoder(features), x) + 0.1 * center(features, y)
        loss.backward()
        optimizer.step()
