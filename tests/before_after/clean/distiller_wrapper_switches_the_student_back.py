# The student is evaluated, then the next epoch's training switches the distiller that holds
# it back to train mode (`d_net.train()` recurses into `d_net.s_net`).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Distiller(nn.Module):
    def __init__(self, t_net, s_net):
        super().__init__()
        self.t_net = t_net
        self.s_net = s_net
        self.connector = nn.Linear(2, 2)

    def forward(self, x):
        with torch.no_grad():
            target = self.t_net(x)
        out = self.s_net(x)
        return out, F.mse_loss(self.connector(out), target)


def train_with_distill(d_net, optimizer, loader):
    d_net.train()
    d_net.t_net.eval()
    for x, y in loader:
        optimizer.zero_grad()
        out, loss_distill = d_net(x)
        loss = F.cross_entropy(out, y) + loss_distill
        loss.backward()
        optimizer.step()


def test(net, loader):
    net.eval()
    correct = 0
    for x, y in loader:
        correct += (net(x).argmax(1) == y).sum().item()
    return correct


def main(t_net, s_net, loader, epochs):
    d_net = Distiller(t_net, s_net)
    optimizer = torch.optim.SGD([{"params": s_net.parameters()}, {"params": d_net.connector.parameters()}], lr=0.1)
    for epoch in range(epochs):
        train_with_distill(d_net, optimizer, loader)
        print(epoch, test(s_net, loader))
