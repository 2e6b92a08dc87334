"""A factory builds the optimizer over the backbone and a projection head and returns a closure
that trains one pass; the closure clears only the backbone (`net.zero_grad()`), so the head's
gradients add up from pass to pass. Reported (the closure reads the optimizer the factory
built)."""
import torch
from torch import nn


def make_trainer(net, batches):
    proj = nn.Linear(2, 2)
    adam = torch.optim.Adam([*net.parameters(), *proj.parameters()], lr=1e-3)

    def train_pass():
        for inputs, labels in batches:
            net.zero_grad()
            loss = nn.functional.cross_entropy(proj(net(inputs)), labels)
            loss.backward()
            adam.step()

    return train_pass


def main():
    train_pass = make_trainer(nn.Linear(3, 2), [(torch.randn(4, 3), torch.tensor([0, 1, 1, 0]))])
    for _ in range(3):
        train_pass()


main()
