import torch
from torch import nn


class LossMeter:
    def __init__(self):
        self.total = 0
        self.count = 0

    def update(self, value):
        if torch.isfinite(value.data).all():  # only the check reads .data
            self.total = self.total + value
            self.count += 1


net = nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
meter = LossMeter()
for x, y in [(torch.randn(6, 4), torch.randn(6, 1)) for _ in range(8)]:
    loss = nn.functional.mse_loss(net(x), y)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    meter.update(loss)
