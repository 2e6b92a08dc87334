import torch
import torch.nn as nn
import torch.nn.functional as F


def train_pair(stream, rounds):
    parts = {"up": nn.Linear(6, 6), "score": nn.Linear(6, 1)}
    steppers = {}
    steppers["up"] = torch.optim.RMSprop(parts["up"].parameters(), lr=5e-4)
    steppers["score"] = torch.optim.RMSprop(parts["score"].parameters(), lr=5e-4)
    for _ in range(rounds):
        low, high = next(stream)
        steppers["up"].zero_grad()
        steppers["score"].zero_grad()
        lifted = parts["up"](low)
        score_loss = F.softplus(parts["score"](lifted.detach())).mean() + F.softplus(-parts["score"](high)).mean()
        up_loss = F.mse_loss(lifted, high) + F.softplus(-parts["score"](lifted)).mean()
        total = score_loss + up_loss
        total.backward()
        steppers["score"].step()
        steppers["up"].step()
