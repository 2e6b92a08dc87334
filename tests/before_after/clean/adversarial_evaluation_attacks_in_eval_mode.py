# The evaluation helper switches to eval mode and runs a PGD attack, whose backward computes
# the input's gradient (nothing is stepped); the next epoch's training helper calls
# `model.train()` first. The attack's backward is not the training (MART's evaluation).
import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def pgd_whitebox(model, x, y, epsilon=0.031, num_steps=10, step_size=0.003):
    clean_errors = (model(x).argmax(1) != y).float().sum()
    x_pgd = x.clone().requires_grad_(True)
    for _ in range(num_steps):
        loss = F.cross_entropy(model(x_pgd), y)
        loss.backward()
        step = step_size * x_pgd.grad.sign()
        x_pgd = torch.min(torch.max(x_pgd + step, x - epsilon), x + epsilon).detach().requires_grad_(True)
    return clean_errors, (model(x_pgd).argmax(1) != y).float().sum()


def eval_adv_test(model, loader):
    model.eval()
    robust = 0.0
    for x, y in loader:
        _, errors = pgd_whitebox(model, x, y)
        robust += errors.item()
    return robust


def main(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        train_epoch(model, loader, optimizer)
        print(epoch, eval_adv_test(model, loader))
