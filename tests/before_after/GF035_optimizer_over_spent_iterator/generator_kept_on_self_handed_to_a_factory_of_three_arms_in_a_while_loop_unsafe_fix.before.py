import torch
import torch.nn.functional as F


def make_opt(parameters, name, rate):
    if name == "adam":
        return torch.optim.Adam(parameters, lr=rate)
    elif name == "rmsprop":
        return torch.optim.RMSprop(parameters, lr=rate)
    else:
        return torch.optim.SGD(parameters, lr=rate)


class Trainer:
    def __init__(self, net, kind):
        self.net = net
        self.kind = kind
        self.params = (p for p in net.parameters() if p.requires_grad)

    def fit(self, loader, rounds):
        rate = 0.01
        done = 0
        while done < rounds:
            opt = make_opt(self.params, self.kind, rate)
            for inputs, targets in loader:
                opt.zero_grad(set_to_none=True)
                F.cross_entropy(self.net(inputs), targets).backward()
                opt.step()
            rate /= 2
            done += 1
