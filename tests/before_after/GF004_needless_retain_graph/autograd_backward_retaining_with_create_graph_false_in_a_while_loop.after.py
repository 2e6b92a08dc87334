import torch


class Worker:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def run(self, batches):
        it = iter(batches)
        while True:
            try:
                inputs, targets = next(it)
            except StopIteration:
                break
            self.opt.zero_grad()
            objective = (self.net(inputs) - targets).abs().mean()
            torch.autograd.backward(objective, create_graph=False)
            self.opt.step()
