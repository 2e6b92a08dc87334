import torch


class Loop:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def epoch(self):
        raise NotImplementedError

    def run(self, epochs):
        step = 0
        while step < epochs:
            self.epoch()
            step += 1


class CosineLoop(Loop):
    def epoch(self):
        k = 0
        while k < len(self.batches):
            inputs, targets = self.batches[k]
            self.warm = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=12)
            self.opt.zero_grad()
            torch.nn.functional.mse_loss(self.net(inputs), targets).backward()
            self.opt.step()
            self.warm.step()
            k += 1


CosineLoop(torch.nn.Linear(4, 2), [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(4)]).run(3)
