# The trainer is handed an optimizer of a class of the file, whose `lr` attribute it reads:
# setting it is how that optimizer is told its rate.
import torch
import torch.nn.functional as F


class PlainSGD:
    def __init__(self, params, lr):
        self.params, self.lr = list(params), lr

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    @torch.no_grad()
    def step(self):
        for p in self.params:
            p -= self.lr * p.grad


class Trainer:
    def __init__(self, net, optim):
        self.net = net
        self.optim = optim

    def epoch(self, number, batches):
        self.optim.lr = 0.1 * 0.5 ** number
        for x, y in batches:
            self.optim.zero_grad()
            F.mse_loss(self.net(x), y).backward()
            self.optim.step()


net = torch.nn.Linear(3, 1)
trainer = Trainer(net, PlainSGD(net.parameters(), lr=0.1))
for number in range(3):
    trainer.epoch(number, [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(4)])
