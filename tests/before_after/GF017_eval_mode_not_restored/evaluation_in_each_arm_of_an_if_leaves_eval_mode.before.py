import torch
from torch import nn, optim


class Enhancer:
    """Scores the generator in one of two ways; each way switches it to eval mode."""

    def __init__(self):
        self.net = nn.Sequential(nn.Linear(16, 32), nn.Dropout(0.2), nn.Linear(32, 16))

    def score(self, loader, with_noisy=False):
        self.net.eval()
        clean = noisy = 0.0
        with torch.no_grad():
            for x, y in loader:
                clean += nn.functional.l1_loss(self.net(x), y).item()
                noisy += nn.functional.l1_loss(x, y).item()
        if with_noisy:
            return clean, noisy
        return clean

    def fit(self, loader, val_loader, iterations, log_every=100):
        opt = optim.Adam(self.net.parameters(), lr=2e-4)
        baseline = None
        batches = iter(loader)
        for it in range(1, iterations + 1):
            x, y = next(batches)
            opt.zero_grad()
            loss = nn.functional.l1_loss(self.net(x), y)
            loss.backward()
            opt.step()
            if it % log_every == 0:
                if baseline is None:
                    current, baseline = self.score(val_loader, with_noisy=True)
                else:
                    current = self.score(val_loader)
                print(it, current, baseline)
