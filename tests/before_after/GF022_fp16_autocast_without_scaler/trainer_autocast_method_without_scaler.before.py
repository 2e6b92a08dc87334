# A trainer whose `autocast()` method returns CUDA float16 autocast; the training step runs
# `with self.autocast():` and nothing scales the loss. Reported without a fix (the autocast is
# written in another method).
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, loader):
        self.model, self.loader = model, loader
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def autocast(self):
        return torch.autocast("cuda", dtype=torch.float16)

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.loader:
                self.opt.zero_grad()
                with self.autocast():
                    loss = F.cross_entropy(self.model(x), y)
                loss.backward()
                self.opt.step()
