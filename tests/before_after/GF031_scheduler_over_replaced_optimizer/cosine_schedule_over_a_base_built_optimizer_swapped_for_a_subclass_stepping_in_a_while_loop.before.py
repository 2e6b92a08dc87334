import torch


class Runner:
    def __init__(self, net, batches, finetune=False):
        self.net = net
        self.batches = batches
        self.opt = self.make_opt()
        self.sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=10)
        if finetune:
            self.opt = torch.optim.SGD(net.parameters(), lr=1e-2)

    def make_opt(self):
        return torch.optim.AdamW(self.net.parameters(), lr=1e-3)


class RegressionRunner(Runner):
    def run(self, rounds):
        done = 0
        while done < rounds:
            for inputs, targets in self.batches:
                self.opt.zero_grad()
                torch.nn.functional.mse_loss(self.net(inputs), targets).backward()
                self.opt.step()
            self.sched.step()
            done += 1
