import torch
from torch import nn


def fgsm(net, x, y, eps=0.03):
    net.eval()
    x_adv = x.clone().requires_grad_(True)
    loss = nn.functional.cross_entropy(net(x_adv), y)
    (grad,) = torch.autograd.grad(loss, x_adv)
    return (x + eps * grad.sign()).detach()


def adversarial_training(net, loader, epochs=10):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    net.train()
    for epoch in range(epochs):
        for x, y in loader:
            x_adv = fgsm(net, x, y)
            net.train()
            optimizer.zero_grad()
            nn.functional.cross_entropy(net(x_adv), y).backward()
            optimizer.step()
