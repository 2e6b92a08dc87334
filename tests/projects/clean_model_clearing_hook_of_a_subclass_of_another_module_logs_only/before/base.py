import torch.nn.functional as F


class Loop:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def before_step(self):
        pass

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            F.cross_entropy(self.model(x), y).backward()
            self.before_step()
            self.opt.step()
