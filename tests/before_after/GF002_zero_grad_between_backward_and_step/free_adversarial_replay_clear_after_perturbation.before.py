# Free adversarial training replays each batch; the perturbation is updated from the gradient
# of an input made in the iteration (`x_pert.grad`), then the optimizer's clear wipes the
# parameters' gradients right before the step: the weights never move.
import torch
import torch.nn.functional as F


class FreeTrainer:
    def __init__(self, net, opt, replays=3, eps=0.05):
        self.net = net
        self.opt = opt
        self.replays = replays
        self.eps = eps

    def fit(self, batches):
        pert = None
        for x, y in batches:
            if pert is None:
                pert = torch.zeros_like(x)
            k = 0
            while k < self.replays:
                x_pert = (x + pert).requires_grad_(True)
                loss = F.cross_entropy(self.net(x_pert), y)
                loss.backward()
                pert = (pert + self.eps * x_pert.grad.sign()).clamp(-self.eps, self.eps)
                self.opt.zero_grad()
                self.opt.step()
                k += 1
