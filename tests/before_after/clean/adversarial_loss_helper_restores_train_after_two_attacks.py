import torch
import torch.nn.functional as F
from torch import nn


def robust_loss(model, x, y, distance="l_inf", eps=0.03, alpha=0.007, steps=5):
    """Crafts the attack in eval mode (one of two attacks), then trains in train mode."""
    model.eval()
    x_adv = x.detach() + 0.001 * torch.randn_like(x)
    if distance == "l_inf":
        for _ in range(steps):
            x_adv.requires_grad_()
            attack = F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(model(x), dim=1), reduction="sum")
            grad = torch.autograd.grad(attack, [x_adv])[0]
            x_adv = torch.min(torch.max(x_adv.detach() + alpha * grad.sign(), x - eps), x + eps)
    elif distance == "l_2":
        delta = (0.001 * torch.randn_like(x)).requires_grad_()
        opt_delta = torch.optim.SGD([delta], lr=eps / steps * 2)
        for _ in range(steps):
            opt_delta.zero_grad()
            attack = -F.kl_div(F.log_softmax(model(x + delta), dim=1), F.softmax(model(x), dim=1), reduction="sum")
            attack.backward()
            opt_delta.step()
        x_adv = (x + delta).detach()
    model.train()
    natural = F.cross_entropy(model(x), y)
    robust = F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(model(x), dim=1), reduction="batchmean")
    return natural + 6.0 * robust


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            optimizer.zero_grad()
            loss = robust_loss(model, x, y)
            loss.backward()
            optimizer.step()
