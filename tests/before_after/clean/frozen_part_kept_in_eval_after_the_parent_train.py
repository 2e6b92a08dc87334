# A frozen part put in eval mode before the loop, kept there: switched back to eval after the
# parent's `train()` each epoch (`fit`), or by a class whose `train` keeps it in eval (`fit_kept`).
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


class KeptCaptioner(Captioner):
    def train(self, mode=True):
        super().train(mode)
        self.image_encoder.eval()
        return self


def fit(batches, epochs):
    captioner = Captioner()
    for p in captioner.image_encoder.parameters():
        p.requires_grad = False
    captioner.image_encoder.eval()
    optimizer = torch.optim.Adam(captioner.decoder.parameters(), lr=1e-3)
    for _ in range(epochs):
        captioner.train()
        captioner.image_encoder.eval()
        for images, labels in batches:
            optimizer.zero_grad()
            nn.functional.cross_entropy(captioner(images), labels).backward()
            optimizer.step()


def fit_kept(batches, epochs):
    model = KeptCaptioner()
    model.image_encoder.requires_grad_(False)
    model.image_encoder.eval()
    optimizer = torch.optim.Adam(model.decoder.parameters(), lr=1e-3)
    for _ in range(epochs):
        model.train()
        for images, labels in batches:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(images), labels).backward()
            optimizer.step()
