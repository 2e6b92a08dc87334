# A `@staticmethod` step helper called on the class steps the scheduler before the
# optimizer.
import torch


class Engine:
    @staticmethod
    def step(model, opt, sched, x, y):
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        sched.step()
        opt.step()


def train(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10)
    for x, y in loader:
        Engine.step(model, opt, sched, x, y)
