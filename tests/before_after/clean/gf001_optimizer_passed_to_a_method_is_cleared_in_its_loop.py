# `Base.fit` steps `o`, the optimizer `Regressor(net).fit(opt, batches)` passes it, and clears it
# at the start of each iteration: correct.
import torch
import torch.nn.functional as F


class Base:
    def fit(self, o, batches):
        for inputs, targets in batches:
            o.zero_grad()
            loss = self.compute_loss(inputs, targets)
            loss.backward()
            o.step()


class Regressor(Base):
    def __init__(self, net):
        self.net = net

    def compute_loss(self, inputs, targets):
        return F.mse_loss(self.net(inputs), targets)


def main(net, batches):
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    Regressor(net).fit(opt, batches)
