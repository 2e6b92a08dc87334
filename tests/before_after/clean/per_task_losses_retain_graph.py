"""Per-task gradients of one forward pass, combined PCGrad-style before a single step.

Each task loss is backpropagated on its own, in a loop over the task losses; every
backward but the last must keep the shared trunk's graph (`retain_graph=True`) for the
next task's backward. The gradients are copied out between tasks and the combined
gradient is written back into `.grad` before the step.
"""

import json

import torch
from torch import nn


class TwoTaskNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(6, 16), nn.Tanh())
        self.head_a = nn.Linear(16, 1)
        self.head_b = nn.Linear(16, 1)

    def forward(self, x):
        shared = self.trunk(x)
        return self.head_a(shared), self.head_b(shared)


def project_conflicts(task_grads):
    """Average the task gradients, removing from each the part that opposes the first."""
    first = task_grads[0]
    combined = [g.clone() for g in first]
    first_norm = sum((f * f).sum() for f in first) + 1e-12
    for grads in task_grads[1:]:
        dot = sum((g * f).sum() for g, f in zip(grads, first))
        for c, g, f in zip(combined, grads, first):
            c += g - torch.clamp(dot, max=0.0) / first_norm * f
    return [c / len(task_grads) for c in combined]


def train(model, optimizer, x, y_a, y_b, steps):
    params = list(model.parameters())
    history = []
    for step in range(steps):
        rows = slice((step % 4) * 16, (step % 4 + 1) * 16)
        out_a, out_b = model(x[rows])
        task_losses = [
            nn.functional.mse_loss(out_a, y_a[rows]),
            nn.functional.mse_loss(out_b, y_b[rows]),
        ]
        task_grads = []
        for task_loss in task_losses:
            optimizer.zero_grad()
            task_loss.backward(retain_graph=True)
            task_grads.append([torch.zeros_like(p) if p.grad is None else p.grad.clone() for p in params])
        for p, g in zip(params, project_conflicts(task_grads)):
            p.grad = g
        optimizer.step()
        history.append(sum(t.item() for t in task_losses))
    return history


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = TwoTaskNet().double()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    x = torch.randn(64, 6, dtype=torch.float64)
    y_a = 2.0 * x[:, :1]
    y_b = 0.5 - x[:, 1:2]
    losses = train(model, optimizer, x, y_a, y_b, steps=20)
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
