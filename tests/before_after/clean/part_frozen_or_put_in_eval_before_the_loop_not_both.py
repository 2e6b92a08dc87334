# The parent's `train()` in the epoch loop after a part was frozen but never put in eval mode
# (`fit_frozen`), or put in eval mode for a baseline but trained (`fit_evaluated`): its train
# mode is the author's choice.
import torch
from torch import nn


class Captioner(nn.Module):
    def __init__(self):
        super().__init__()
        self.image_encoder = nn.Sequential(nn.Linear(32, 64), nn.BatchNorm1d(64), nn.Dropout(0.2))
        self.decoder = nn.Linear(64, 10)

    def forward(self, images):
        return self.decoder(self.image_encoder(images))


def fit_frozen(batches, epochs):
    net = Captioner()
    net.image_encoder.requires_grad_(False)
    optimizer = torch.optim.Adam(net.decoder.parameters(), lr=1e-3)
    for _ in range(epochs):
        net.train()
        for images, labels in batches:
            optimizer.zero_grad()
            nn.functional.cross_entropy(net(images), labels).backward()
            optimizer.step()


def fit_evaluated(batches, epochs):
    net = Captioner()
    net.image_encoder.eval()
    with torch.no_grad():
        print(net.image_encoder(batches[0][0]).std())
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    for _ in range(epochs):
        net.train()
        for images, labels in batches:
            optimizer.zero_grad()
            nn.functional.cross_entropy(net(images), labels).backward()
            optimizer.step()
