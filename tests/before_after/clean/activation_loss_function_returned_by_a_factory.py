"""Loss factories of the file return torch's loss functions themselves: the cross-entropy gets
the raw logits, the NLL loss the log-softmax, and an MSE loss (which wants probabilities here)
the softmax. All right: nothing to report. A factory returning the function of a parameter
says nothing of its kind."""
import torch
import torch.nn.functional as F
from torch import nn


def get_criterion():
    return F.cross_entropy


def get_nll():
    return F.nll_loss


def get_mse():
    return F.mse_loss


def passthrough(fn):
    return fn


def train(model, loader, epochs):
    crit = get_criterion()
    nll = get_nll()
    mse = get_mse()
    custom = passthrough(lambda p, t: (p - F.one_hot(t, 3)).pow(2).mean())
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            logits = model(x)
            loss = crit(logits, y) + nll(F.log_softmax(logits, dim=1), y)
            probs = F.softmax(logits, dim=1)
            loss = loss + mse(probs, F.one_hot(y, 3).float()) + custom(probs, y)
            loss.backward()
            opt.step()


train(nn.Linear(6, 3), [(torch.randn(4, 6), torch.randint(0, 3, (4,)))], 2)
