import torch
from torch import nn


class AdversarialTrainer:
    def __init__(self, net, lr, eps):
        self.net = net
        self.eps = eps
        self.criterion = nn.CrossEntropyLoss()
        self.opt = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)

    def run_epoch(self, loader):
        self.net.train()
        for images, labels in loader:
            images = images.float().requires_grad_()
            self.opt.zero_grad()
            natural = self.criterion(self.net(images), labels)
            natural.backward(retain_graph=True)
            with torch.no_grad():
                perturbed = torch.clamp(images + self.eps * torch.sign(images.grad), 0.0, 1.0)
            robust = self.criterion(self.net(perturbed), labels)
            robust.backward()
            self.opt.step()
