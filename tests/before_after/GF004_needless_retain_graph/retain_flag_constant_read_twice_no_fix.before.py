"""`retain_graph=RETAIN` with a module constant bound once to `True`: nothing backpropagates
through either graph again. Reported in both functions, without a fix: the flag is read by two
calls (an author's switch), so the argument is not removed."""
import torch
import torch.nn.functional as F
from torch import nn

RETAIN = True


def pretrain(encoder, loader):
    sgd = torch.optim.SGD(encoder.parameters(), lr=0.1)
    for inputs, targets in loader:
        sgd.zero_grad()
        loss = F.cross_entropy(encoder(inputs), targets)
        loss.backward(retain_graph=RETAIN)
        sgd.step()


def finetune(encoder, loader):
    adam = torch.optim.Adam(encoder.parameters())
    for inputs, targets in loader:
        adam.zero_grad()
        loss = F.nll_loss(encoder(inputs).log_softmax(-1), targets)
        loss.backward(retain_graph=RETAIN)
        adam.step()
