# The evaluation helper attacks in eval mode (its own backward, nothing stepped), and the
# training that follows it never switches back: the next epoch trains in eval mode.
import torch.nn.functional as F


def pgd(model, x, y, steps=5, eps=0.03):
    x_adv = x.clone().requires_grad_(True)
    for _ in range(steps):
        F.cross_entropy(model(x_adv), y).backward()
        x_adv = (x_adv + eps * x_adv.grad.sign()).detach().requires_grad_(True)
    return x_adv


def robust_accuracy(model, loader):
    model.eval()
    correct = 0
    for x, y in loader:
        correct += (model(pgd(model, x, y)).argmax(1) == y).sum().item()
    return correct


def main(model, loader, optimizer, epochs):
    model.train()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
        print(epoch, robust_accuracy(model, loader))
