import torch


class Regressor:
    def __init__(self, net):
        self.net = net

    def update(self, inputs, targets):
        self.opt = torch.optim.RMSprop(self.net.parameters(), lr=1e-2)
        self.opt.zero_grad()
        error = (self.net(inputs) - targets).pow(2).mean()
        error.backward()
        self.opt.step()
        return error.item()

    def fit(self, inputs, targets, tol=1e-4):
        while self.update(inputs, targets) > tol:
            pass
