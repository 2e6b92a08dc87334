"""The merge coefficients' weights are rebuilt for every task, inside the task loop: each
backward has a merge of its own, and nothing backpropagates through a graph twice.
"""

import json

import torch
from torch import nn


class MergedLinear(nn.Module):
    def __init__(self, base, deltas):
        super().__init__()
        self.register_buffer("base", base)
        self.register_buffer("deltas", torch.stack(deltas))
        self.coef = nn.Parameter(torch.full((len(deltas),), 0.3, dtype=base.dtype))
        self.merged = None

    def merge_weights(self):
        self.merged = self.base + (self.coef[:, None, None] * self.deltas).sum(0)

    def forward(self, x):
        return x @ self.merged.T


def entropy(logits):
    p = logits.softmax(-1)
    return -(p * p.clamp_min(1e-12).log()).sum(-1).mean()


def adapt(merged, batches, optimizer, steps):
    losses = []
    for step in range(steps):
        for task, x in batches.items():
            merged.merge_weights()
            loss = entropy(merged(x[step % 4]))
            loss.backward()
            losses.append(loss.item())
        optimizer.step()
        optimizer.zero_grad()
    return losses


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    base = torch.randn(5, 6, dtype=torch.float64)
    merged = MergedLinear(base, [0.5 * torch.randn(5, 6, dtype=torch.float64) for _ in range(3)])
    batches = {task: torch.randn(4, 8, 6, dtype=torch.float64) for task in ("a", "b", "c")}
    optimizer = torch.optim.Adam(merged.parameters(), lr=0.05)
    losses = adapt(merged, batches, optimizer, steps=5)
    print(json.dumps({"losses": losses, "weights": merged.coef.detach().tolist()}))


if __name__ == "__main__":
    main()
