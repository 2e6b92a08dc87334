# The trainer keeps its criterion as a class attribute (`criterion = nn.NLLLoss()` in the class
# body, bound nowhere else) and feeds it softmax probabilities: NLLLoss wants log-probabilities.
import torch
import torch.nn.functional as F
from torch import nn


class Classifier:
    criterion = nn.NLLLoss()

    def __init__(self, net, optimizer):
        self.net, self.optimizer = net, optimizer

    def train_epoch(self, loader):
        for images, labels in loader:
            self.optimizer.zero_grad()
            probs = F.log_softmax(self.net(images), dim=1)
            loss = self.criterion(probs, labels)
            loss.backward()
            self.optimizer.step()
