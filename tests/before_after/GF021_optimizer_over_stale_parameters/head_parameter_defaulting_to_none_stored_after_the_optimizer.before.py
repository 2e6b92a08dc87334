# The head arrives as a constructor parameter defaulting to None (a module, annotated so) and
# is stored after the optimizer was built over `self.parameters()`: its parameters are not in
# the optimizer and never train. A `None` default says nothing about a setting: reported.
import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, backbone, head: nn.Module = None, num_classes=10):
        super().__init__()
        self.backbone = backbone
        self.optimizer = torch.optim.SGD(self.parameters(), lr=0.1)
        self.head = head
        self.num_classes = num_classes

    def fit_batch(self, x, y):
        self.optimizer.zero_grad()
        loss = nn.functional.cross_entropy(self.head(self.backbone(x)), y)
        loss.backward()
        self.optimizer.step()


clf = Classifier(nn.Linear(8, 16), nn.Linear(16, 10))
clf.fit_batch(torch.randn(4, 8), torch.randint(0, 10, (4,)))
