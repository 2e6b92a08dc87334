# The pretrained image encoder is frozen and put in eval mode once, before training; the epoch
# loop's `captioner.train()` switches it back to train mode with the rest of the model, so its
# dropout is on and its batch norm statistics drift for the rest of training.
import torch
from torch import nn


class Captioner(nn.Module):
    def __init__(self):
        super().__init__()
        self.image_encoder = nn.Sequential(nn.Linear(32, 64), nn.BatchNorm1d(64), nn.Dropout(0.2))
        self.decoder = nn.Linear(64, 10)

    def forward(self, images):
        with torch.no_grad():
            feats = self.image_encoder(images)
        return self.decoder(feats)


def fit(batches, epochs):
    captioner = Captioner()
    captioner.image_encoder.requires_grad_(False)
    captioner.image_encoder.eval()
    optimizer = torch.optim.Adam(captioner.decoder.parameters(), lr=1e-3)
    epoch = 0
    while epoch < epochs:
        captioner.train()
        for images, labels in batches:
            optimizer.zero_grad()
            nn.functional.cross_entropy(captioner(images), labels).backward()
            optimizer.step()
        epoch += 1
