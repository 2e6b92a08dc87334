import torch
from timm.utils import NativeScaler


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.amp = NativeScaler()

    def update(self, x, y):
        loss = torch.nn.functional.mse_loss(self.model(x), y)
        self.amp(loss, self.opt)
        return loss.item()

    def epoch(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            self.update(x, y)

    def other_epoch(self, loader):
        for x, y in loader:
            self.update(x, y)
            self.opt.zero_grad(set_to_none=True)
