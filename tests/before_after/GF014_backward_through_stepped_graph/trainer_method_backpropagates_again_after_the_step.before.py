import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


class Trainer:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def train_step(self, x, y):
        self.opt.zero_grad()
        out = self.model(x)
        loss = (out - y).pow(2).mean()
        aux = out.abs().mean()
        loss.backward(retain_graph=True)
        self.opt.step()
        aux.backward()


trainer = Trainer(model, opt)
for x, y in [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]:
    trainer.train_step(x, y)
