import torch
import torch.nn.functional as F


class Fit:
    """The state lives on the class: `setup` binds the network once, and `update`, a class
    method the loop calls by the class's name, builds a new Adam over it on every call."""

    net = None

    @classmethod
    def setup(cls, net):
        cls.net = net

    @classmethod
    def update(cls, x, y):
        cls.adam = torch.optim.Adam(cls.net.parameters(), lr=1e-3)
        cls.adam.zero_grad()
        loss = F.mse_loss(cls.net(x), y)
        loss.backward()
        cls.adam.step()
        return loss.item()


def train(net, batches, rounds):
    Fit.setup(net)
    history = []
    r = 0
    while r < rounds:
        for x, y in batches:
            history.append(Fit.update(x, y))
        r += 1
    return history
