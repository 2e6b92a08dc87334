# After validation the model's parts are switched back to train mode one by one (its encoder,
# then its decoder): together they may be all of it. Correct as far as can be read.
import torch
from torch import nn


class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(8, 4), nn.Dropout(0.2), nn.ReLU())
        self.decoder = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2))

    def forward(self, x):
        return self.decoder(self.encoder(x))


def run(loader, val_loader, epochs):
    model = AutoEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for x in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), x).backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            print(sum(nn.functional.mse_loss(model(x), x).item() for x in val_loader))
        model.encoder.train()
        model.decoder.train()
