import torch
import timm.scheduler


class Runner:
    def __init__(self, model, loader, epochs):
        self.model, self.loader, self.epochs = model, loader, epochs
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.sched = timm.scheduler.PolyLRScheduler(self.opt, t_initial=len(loader) * epochs, power=2.0)

    def run(self):
        epoch = 0
        while epoch < self.epochs:
            for x, y in self.loader:
                self.opt.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.opt.step()
            epoch += 1
            self.sched.step(epoch)
