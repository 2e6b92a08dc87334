"""Adversarial training: the kept graph serves `torch.autograd.grad` for the input
gradient before the step; after the step, the adversarial batch is built from that
gradient (which carries no graph) and goes through a new forward pass."""

import json

import torch
from torch import nn


def train(model, batches, epsilon):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    history = []
    for x, y in batches:
        x.requires_grad_(True)
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward(retain_graph=True)
        (input_grad,) = torch.autograd.grad(loss, x)
        optimizer.step()

        adversarial = x + epsilon * input_grad.sign()
        optimizer.zero_grad()
        adv_loss = nn.functional.cross_entropy(model(adversarial), y)
        adv_loss.backward()
        optimizer.step()
        history.append([loss.item(), adv_loss.item()])
    return history


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 3))
    batches = [(torch.randn(8, 5), torch.randint(0, 3, (8,))) for _ in range(3)]
    print(json.dumps({"losses": train(model, batches, epsilon=0.05)}))


if __name__ == "__main__":
    main()
