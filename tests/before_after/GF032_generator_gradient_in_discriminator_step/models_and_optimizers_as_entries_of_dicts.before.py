import torch
import torch.nn as nn
import torch.nn.functional as F


def fit(batches, epochs=3):
    nets = {"painter": nn.Linear(16, 16), "judge": nn.Linear(16, 1)}
    opts = {
        "painter": torch.optim.Adam(nets["painter"].parameters(), lr=2e-4),
        "judge": torch.optim.Adam(nets["judge"].parameters(), lr=2e-4),
    }
    for _ in range(epochs):
        for photo, noise in batches:
            painted = nets["painter"](noise)
            judge_loss = F.softplus(nets["judge"](painted.detach())).mean() + F.softplus(-nets["judge"](photo)).mean()
            judge_loss.backward()
            opts["judge"].step()
            opts["judge"].zero_grad()
            painter_loss = F.softplus(-nets["judge"](painted)).mean()
            painter_loss.backward()
            opts["painter"].step()
            opts["painter"].zero_grad()
