"""Per-task backward passes, then `torch.autograd.grad` on the kept graph (GradNorm-style).

Every task loss is backpropagated on its own with `retain_graph=True`, its gradient is
copied out and cleared; after the task loop the same graph is differentiated once more
with `torch.autograd.grad`, for the gradient norm of each task loss with respect to the
shared features, which sets the task weights of the combined gradient.
"""

import json

import torch
from torch import nn


def train(trunk, heads, optimizer, x, targets, steps):
    params = list(trunk.parameters()) + [p for head in heads for p in head.parameters()]
    history = []
    for _ in range(steps):
        shared = trunk(x)
        task_losses = [nn.functional.mse_loss(head(shared), t) for head, t in zip(heads, targets)]
        task_grads = []
        for task_loss in task_losses:
            optimizer.zero_grad()
            task_loss.backward(retain_graph=True)
            task_grads.append([torch.zeros_like(p) if p.grad is None else p.grad.clone() for p in params])
        feature_norms = torch.stack([
            torch.autograd.grad(task_loss, shared, retain_graph=True)[0].norm()
            for task_loss in task_losses
        ])
        task_weights = feature_norms.sum() / (len(task_losses) * feature_norms + 1e-12)
        for i, p in enumerate(params):
            p.grad = sum(w * grads[i] for w, grads in zip(task_weights, task_grads))
        optimizer.step()
        history.append([t.item() for t in task_losses])
    return history


def main():
    torch.manual_seed(3)
    torch.set_num_threads(1)
    trunk = nn.Sequential(nn.Linear(3, 8), nn.Tanh()).double()
    heads = [nn.Linear(8, 1).double() for _ in range(2)]
    optimizer = torch.optim.SGD([*trunk.parameters(), *heads[0].parameters(), *heads[1].parameters()], lr=0.05)
    x = torch.randn(24, 3, dtype=torch.float64)
    targets = [x[:, :1] - x[:, 2:], 3.0 * x[:, 1:2]]
    history = train(trunk, heads, optimizer, x, targets, steps=15)
    losses = [sum(step) for step in history]
    weights = [v for p in optimizer.param_groups[0]["params"] for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
