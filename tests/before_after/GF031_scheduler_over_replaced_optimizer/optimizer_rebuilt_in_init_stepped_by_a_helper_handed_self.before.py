import torch
from torch.optim.lr_scheduler import CosineAnnealingLR


def run_batch(job, x, y):
    job.opt.zero_grad()
    torch.nn.functional.mse_loss(job.net(x), y).backward()
    job.opt.step()


class Job:
    def __init__(self, net, batches, epochs):
        self.net = net
        self.batches = batches
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)
        self.sched = CosineAnnealingLR(self.opt, T_max=epochs)
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
        self.epochs = epochs

    def run(self):
        epoch = 0
        while epoch < self.epochs:
            for x, y in self.batches:
                run_batch(self, x, y)
            self.sched.step()
            epoch += 1
