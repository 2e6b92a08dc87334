import copy

import torch
import torch.nn.functional as F
from torch import nn


def pgd(model, inputs, labels, steps=3, eps=0.03):
    """The attack runs on a frozen copy: the caller's model keeps its mode."""
    model = copy.deepcopy(model)
    model.eval()
    adversarial = inputs.clone().requires_grad_(True)
    for _ in range(steps):
        F.cross_entropy(model(adversarial), labels).backward()
        adversarial = (adversarial + eps * adversarial.grad.sign()).detach().requires_grad_(True)
    return adversarial.detach()


def train(model, optimizer, loader, epochs=2):
    model.train()
    for epoch in range(epochs):
        for images, labels in loader:
            adversarial = pgd(model, images, labels)
            optimizer.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(adversarial), labels)
            loss.backward()
            optimizer.step()


net = nn.Sequential(nn.Linear(10, 10), nn.BatchNorm1d(10), nn.Linear(10, 2))
train(net, torch.optim.SGD(net.parameters(), lr=0.1), [(torch.randn(4, 10), torch.randint(0, 2, (4,)))])
