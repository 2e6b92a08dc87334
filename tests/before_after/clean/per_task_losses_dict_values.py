"""Per-task gradients from a dict of losses (`.values()`), summed with per-task weights.

One forward pass yields three task losses; each is backpropagated alone (keeping the
graph for the next task), its gradient is copied out and the gradients are cleared
again, then the weighted sum of the task gradients is written into `.grad`.
"""

import json

import torch
from torch import nn


def task_losses_of(model, x, targets):
    features = model["trunk"](x)
    return {
        name: nn.functional.mse_loss(model[name](features), target)
        for name, target in targets.items()
    }


def train(model, opt, batches, task_weights):
    params = [p for p in model.parameters()]
    logged = []
    for x, targets in batches:
        losses = task_losses_of(model, x, targets)
        per_task = []
        for loss in losses.values():
            loss.backward(retain_graph=True)
            per_task.append([p.grad.clone() if p.grad is not None else torch.zeros_like(p) for p in params])
            opt.zero_grad(set_to_none=True)
        for i, p in enumerate(params):
            p.grad = sum(w * grads[i] for w, grads in zip(task_weights, per_task))
        opt.step()
        logged.append({name: loss.item() for name, loss in losses.items()})
    return logged


def main():
    torch.manual_seed(1)
    torch.set_num_threads(1)
    model = nn.ModuleDict({
        "trunk": nn.Sequential(nn.Linear(4, 12), nn.ReLU()),
        "depth": nn.Linear(12, 1),
        "normal": nn.Linear(12, 2),
        "edges": nn.Linear(12, 1),
    }).double()
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    batches = []
    for _ in range(12):
        x = torch.randn(8, 4, dtype=torch.float64)
        batches.append((x, {"depth": x[:, :1] ** 2, "normal": x[:, 1:3].tanh(), "edges": x.sum(1, keepdim=True)}))
    logged = train(model, opt, batches, task_weights=[1.0, 0.5, 0.25])
    losses = [sum(entry.values()) for entry in logged]
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
