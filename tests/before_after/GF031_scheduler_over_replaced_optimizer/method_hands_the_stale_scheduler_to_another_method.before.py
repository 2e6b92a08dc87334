import torch


class Finetuner:
    def __init__(self, model):
        self.model = model

    def epoch(self, loader, opt, sched):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(self.model(x), y).backward()
            opt.step()
        sched.step()

    def run(self, loader, epochs, head_only):
        opt = torch.optim.SGD(self.model.parameters(), lr=0.1)
        sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
        if head_only:
            opt = torch.optim.SGD(self.model.head.parameters(), lr=0.1)
        for _ in range(epochs):
            self.epoch(loader, opt, sched)
