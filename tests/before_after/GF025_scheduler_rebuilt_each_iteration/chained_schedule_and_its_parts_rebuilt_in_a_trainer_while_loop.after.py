import torch
from torch.optim import lr_scheduler


class Trainer:
    def __init__(self, net, batches, max_epochs):
        self.net = net
        self.batches = batches
        self.max_epochs = max_epochs
        self.opt = torch.optim.AdamW(net.parameters(), lr=3e-4)

    def run(self):
        epoch = 0
        # warm up for two epochs, then halve the rate every ten
        warm = lr_scheduler.LinearLR(self.opt, start_factor=0.01, total_iters=2)
        halving = lr_scheduler.StepLR(self.opt, step_size=10, gamma=0.5)
        self.sched = lr_scheduler.ChainedScheduler([warm, halving])
        while epoch < self.max_epochs:
            for inputs, targets in self.batches:
                self.opt.zero_grad(set_to_none=True)
                torch.nn.functional.cross_entropy(self.net(inputs), targets).backward()
                self.opt.step()
            self.sched.step()
            epoch += 1
