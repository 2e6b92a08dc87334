import torch
import torch.nn.functional as F
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        self.classifier = nn.Sequential(nn.Linear(8, 8), nn.ReLU())
        self.out = nn.Linear(8, 3)

    def forward(self, x):
        return self.out(self.classifier(self.body(x)))


def features_then_train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        # read features without the head's last activation: the same layers, fewer of them
        model.classifier = nn.Sequential(*list(model.classifier.children())[:-1])
        with torch.no_grad():
            feats = [model.classifier(model.body(x)) for x, _ in loader]
        # and put an activation back: still the layers the optimizer holds
        layers = list(model.classifier.children())
        layers.append(nn.ReLU(inplace=True))
        model.classifier = nn.Sequential(*layers)
        for x, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
    return feats
