"""A linear probe is fitted for a few steps on features the caller computed once through the
encoder. Every probe step backpropagates into the encoder through the same graph (the encoder
collects the probe's gradients, and the caller steps it afterwards), so every backward keeps
the graph: `retain_graph=True` is needed, though the function itself shows only one backward.
"""

import json

import torch
from torch import nn


def fit_probe(probe, probe_optimizer, features, labels, steps):
    losses = []
    for _ in range(steps):
        probe_optimizer.zero_grad()
        loss = nn.functional.mse_loss(probe(features), labels)
        loss.backward(retain_graph=True)
        probe_optimizer.step()
        losses.append(loss.item())
    return losses


def train(encoder, probe, x, y, rounds):
    encoder_optimizer = torch.optim.SGD(encoder.parameters(), lr=0.05)
    probe_optimizer = torch.optim.SGD(probe.parameters(), lr=0.1)
    losses = []
    for step in range(rounds):
        rows = slice((step % 4) * 16, (step % 4 + 1) * 16)
        encoder_optimizer.zero_grad()
        losses += fit_probe(probe, probe_optimizer, encoder(x[rows]), y[rows], steps=3)
        encoder_optimizer.step()
    return losses


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    encoder = nn.Sequential(nn.Linear(6, 16), nn.Tanh()).double()
    probe = nn.Linear(16, 1).double()
    x = torch.randn(64, 6, dtype=torch.float64)
    y = x[:, :1] - 0.5 * x[:, 1:2]
    losses = train(encoder, probe, x, y, rounds=8)
    weights = [v for m in (encoder, probe) for p in m.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
