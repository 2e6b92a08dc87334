import torch
from torch import nn


class Loop:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.reset = lambda: self.opt.zero_grad()

    def run(self, data):
        for x, y in data:
            loss = nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.reset()
            self.opt.step()
