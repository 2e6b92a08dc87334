"""Per-head gradient norms, one backward per head over a generator of head losses.

The heads share one encoder pass; the loop backpropagates each head's loss as the
generator yields it, so every backward keeps the encoder's graph for the next head.
Each head's gradient norm on the encoder is recorded; the encoder's gradient is then
rescaled so that every head contributes with the same norm, and one step follows.
"""

import json

import torch
from torch import nn


class MultiHead(nn.Module):
    def __init__(self, heads=3):
        super().__init__()
        self.encoder = nn.Linear(5, 10)
        self.heads = nn.ModuleList(nn.Linear(10, 1) for _ in range(heads))

    def forward(self, x):
        z = torch.relu(self.encoder(x))
        return [head(z) for head in self.heads]


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optim = torch.optim.SGD(model.parameters(), lr=lr)

    def encoder_grads(self):
        return [p.grad.clone() for p in self.model.encoder.parameters()]

    def fit(self, x, ys, steps):
        history = []
        for _ in range(steps):
            outputs = self.model(x)
            self.optim.zero_grad()
            balanced = [torch.zeros_like(p) for p in self.model.encoder.parameters()]
            before = [torch.zeros_like(p) for p in self.model.encoder.parameters()]
            total = 0.0
            for head_loss in (nn.functional.mse_loss(out, y) for out, y in zip(outputs, ys)):
                head_loss.backward(retain_graph=True)
                after = self.encoder_grads()
                delta = [a - b for a, b in zip(after, before)]
                norm = torch.sqrt(sum((d * d).sum() for d in delta)) + 1e-12
                for acc, d in zip(balanced, delta):
                    acc += d / norm
                before = after
                total += head_loss.item()
            for p, g in zip(self.model.encoder.parameters(), balanced):
                p.grad = g / len(ys)
            self.optim.step()
            history.append(total)
        return history


def main():
    torch.manual_seed(2)
    torch.set_num_threads(1)
    model = MultiHead().double()
    x = torch.randn(32, 5, dtype=torch.float64)
    ys = [x[:, :1].sin(), x[:, 1:2] * x[:, 2:3], (x ** 2).mean(1, keepdim=True)]
    losses = Trainer(model, lr=0.1).fit(x, ys, steps=15)
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
