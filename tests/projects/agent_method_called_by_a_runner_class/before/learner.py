import torch
from torch import nn


class QLearner:
    """Fits a Q-network to targets; the runner decides when."""

    def __init__(self, net: nn.Module, lr: float) -> None:
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)

    def update(self, states, targets):
        q = self.net(states)
        loss = (q - targets).pow(2).mean()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
        self.opt.step()
        return loss.item()
