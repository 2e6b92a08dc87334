import torch
import torch.nn.functional as F


class Hook:
    def before_train_step(self, trainer):
        pass

    def after_train_step(self, trainer):
        pass


class SchedulerHook(Hook):
    def __init__(self, lr_scheduler):
        self.lr_scheduler = lr_scheduler

    def after_train_step(self, trainer):
        self.lr_scheduler.step()


class PrintHook(Hook):
    def after_train_step(self, trainer):
        if trainer.iteration % 10 == 0:
            print(trainer.iteration, trainer.loss_value)


class Runner:
    def __init__(self, net, opt, batches, hooks):
        self.net, self.opt, self.batches, self.hooks = net, opt, batches, hooks
        self.iteration = 0
        self.loss_value = 0.0

    def one_step(self, x, y):
        loss = F.mse_loss(self.net(x), y)
        loss.backward()
        self.opt.step()
        self.loss_value = loss.item()

    def run(self, total):
        while self.iteration < total:
            x, y = self.batches[self.iteration % len(self.batches)]
            for hook in self.hooks:
                hook.before_train_step(self)
            self.one_step(x, y)
            for hook in self.hooks:
                hook.after_train_step(self)
            self.iteration += 1


net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5)
batches = [(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(4)]
Runner(net, opt, batches, [SchedulerHook(sched), PrintHook()]).run(20)
