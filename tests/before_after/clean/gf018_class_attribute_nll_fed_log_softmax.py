# The class-body NLLLoss receives log-probabilities (`log_softmax`), as it expects.
import torch.nn.functional as F
from torch import nn


class Trainer:
    criterion = nn.NLLLoss()

    def __init__(self, model, opt):
        self.model, self.opt = model, opt

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            self.criterion(F.log_softmax(self.model(x), dim=1), y).backward()
            self.opt.step()
