"""The builder returns an `nn.NLLLoss` in its tuple and the loop hands it log-probabilities:
correct. The name unpacked beside it (the model) is no loss. Silent."""
import torch
import torch.nn.functional as F
from torch import nn


def make():
    head = nn.Linear(7, 5)
    return head, nn.NLLLoss(), torch.optim.Adam(head.parameters(), lr=1e-3)


def train(head, nll, opt, batches):
    for feats, cls in batches:
        opt.zero_grad()
        nll(F.log_softmax(head(feats), dim=-1), cls).backward()
        opt.step()


def main():
    head, nll, opt = make()
    train(head, nll, opt, [(torch.randn(2, 7), torch.tensor([1, 4]))])


main()
