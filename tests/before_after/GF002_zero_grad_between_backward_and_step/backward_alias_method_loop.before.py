import torch
from torch.autograd import backward as bwd


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters())

    def train(self, loader):
        while True:
            x, y = next(loader)
            self.opt.zero_grad()
            loss = self.model(x).sub(y).abs().mean()
            bwd(loss)
            self.opt.zero_grad()
            self.opt.step()
