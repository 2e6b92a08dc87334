import torch
from torch import nn


class Loop:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.clear = lambda: None

    def enable(self):
        self.clear = lambda: self.opt.zero_grad(set_to_none=True)

    def run(self, data):
        self.enable()
        for x, y in data:
            self.clear()
            loss = nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.opt.step()
