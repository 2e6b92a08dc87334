# The same mistake in a trainer's method with other names: `self.opt.zero_grad()` between the
# second backward and the step. It moves to right after the ascent's statement.
import torch


class Trainer:
    def __init__(self, net, radius=0.05):
        self.net = net
        self.weights = list(net.parameters())
        self.opt = torch.optim.SGD(self.weights, lr=0.05)
        self.radius = radius

    def fit(self, data):
        for inputs, targets in data:
            self.opt.zero_grad()
            torch.nn.functional.mse_loss(self.net(inputs), targets).backward()
            with torch.no_grad():
                total = sum(w.grad.pow(2).sum() for w in self.weights).sqrt()
                moves = [w.grad * self.radius / (total + 1e-12) for w in self.weights]
                for w, m in zip(self.weights, moves):
                    w.add_(m)
            torch.nn.functional.mse_loss(self.net(inputs), targets).backward()
            self.opt.zero_grad()
            with torch.no_grad():
                for w, m in zip(self.weights, moves):
                    w.sub_(m)
            self.opt.step()
