import torch
from timm.loss import BinaryCrossEntropy


class MultiLabelTrainer:
    def __init__(self, net, optimizer):
        self.net = net
        self.optimizer = optimizer
        self.criterion = BinaryCrossEntropy(smoothing=0.1)

    def fit(self, loader):
        for images, targets in loader:
            self.optimizer.zero_grad(set_to_none=True)
            scores = self.net(images)
            loss = self.criterion(scores, targets)
            loss.backward()
            self.optimizer.step()
