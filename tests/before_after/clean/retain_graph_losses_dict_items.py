"""Per-task gradients from a dict of losses of one forward pass: every task keeps the graph."""
import torch
import torch.nn.functional as F


def multitask_step(encoder, heads, x, targets, optimizer):
    features = encoder(x)
    losses = {name: F.mse_loss(head(features), targets[name]) for name, head in heads.items()}
    grads = {}
    for name, task_loss in losses.items():
        optimizer.zero_grad()
        task_loss.backward(retain_graph=True)
        grads[name] = [p.grad.clone() for p in encoder.parameters()]
    for p, *task_grads in zip(encoder.parameters(), *grads.values()):
        p.grad = torch.stack(task_grads).mean(0)
    optimizer.step()
