# A model whose forward keeps a running memory from its own last value (not detached) needs
# `retain_graph=True`; the trainer's running float sums on `self` (`loss.item() * n`,
# `self.seen + n`) do not make that flag needless: silent.
import torch
import torch.nn.functional as F
from torch import nn


class MemoryNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.feat = nn.Linear(4, 8)
        self.head = nn.Linear(8, 2)
        self.memory = torch.zeros(8)

    def forward(self, x):
        h = torch.tanh(self.feat(x))
        self.memory = 0.9 * self.memory + 0.1 * h.mean(0)
        return self.head(h + self.memory)


class Trainer:
    def __init__(self):
        self.model = MemoryNet()
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.loss_sum = 0.0
        self.seen = 0

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            loss = F.cross_entropy(self.model(x), y)
            loss.backward(retain_graph=True)
            self.opt.step()
            n = x.size(0)
            self.loss_sum = self.loss_sum + loss.item() * n
            self.seen = self.seen + n

