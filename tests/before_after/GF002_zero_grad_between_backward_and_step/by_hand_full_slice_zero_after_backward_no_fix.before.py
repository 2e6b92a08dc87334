import torch


class Learner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters())

    def run(self, batches):
        for x, y in batches:
            loss = (self.net(x) - y).abs().mean()
            loss.backward()
            for param in self.net.parameters():
                if param.grad is not None:
                    param.grad[:] = 0
            self.opt.step()
