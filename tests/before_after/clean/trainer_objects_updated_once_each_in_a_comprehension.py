"""`[t.update(x, y) for t in ensemble]`: one update for each trainer object, each with its own
model and optimizer; no trainer's update runs twice (no GF001)."""
import torch
from torch import nn


class Member:
    def __init__(self, seed: int) -> None:
        torch.manual_seed(seed)
        self.net = nn.Linear(4, 1)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=1e-2)

    def update(self, x, y) -> float:
        loss = nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


ensemble = [Member(s) for s in range(4)]
x, y = torch.randn(6, 4), torch.randn(6, 1)
losses = [m.update(x, y) for m in ensemble]
