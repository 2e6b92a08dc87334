# Attributes that are no setting of a torch optimizer: a project's own optimizer class that
# reads its `lr` attribute in `step()`, a config's own `lr`, and an `eps` on SGD (which has no
# such setting).
import torch
from torch import nn


class SignSGD:
    def __init__(self, params, lr=0.01):
        self.params = list(params)
        self.lr = lr

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    def step(self):
        with torch.no_grad():
            for p in self.params:
                p -= self.lr * p.grad.sign()


class Config:
    lr = 0.1


model = nn.Linear(4, 1)
cfg = Config()
sign = SignSGD(model.parameters())
plain = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
for epoch in range(10):
    cfg.lr = 0.1 * 0.9 ** epoch
    sign.lr = cfg.lr
    plain.eps = 1e-8
    for x, y in batches:
        sign.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        sign.step()
        plain.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        plain.step()
