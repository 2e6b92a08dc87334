import torch
from torch import nn


class Trainer:
    def __init__(self, model):
        self.model = model.cuda()
        self.opt = torch.optim.AdamW(model.parameters(), lr=3e-4)

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.train_step(x.cuda(), y.cuda())

    def train_step(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.detach()
