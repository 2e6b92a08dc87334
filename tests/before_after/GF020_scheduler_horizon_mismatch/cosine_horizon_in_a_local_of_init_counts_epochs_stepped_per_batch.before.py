import torch


class Runner:
    def __init__(self, net, batches, rounds):
        self.net = net
        self.batches = batches
        self.rounds = rounds
        self.optim = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
        span = self.rounds
        self.sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.optim, T_max=span)

    def run(self):
        for r in range(self.rounds):
            for inputs, targets in self.batches:
                self.optim.zero_grad(set_to_none=True)
                torch.nn.functional.cross_entropy(self.net(inputs), targets).backward()
                self.optim.step()
                self.sched.step()
