# A method of the class returns the model and an optimizer over its parameters together (a plain
# method on `self`, a static method, a class method on `cls` or on the class); the caller unpacks
# them, into attributes or names, then replaces a layer: the new parameters are not in the
# optimizer and never train, as when the optimizer is written inline.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self, classes=3):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(6, 16), nn.ReLU())
        self.head = nn.Linear(16, classes)

    def reset_classifier(self, classes):
        self.head = nn.Linear(16, classes)

    def forward(self, x):
        return self.head(self.trunk(x))


class Trainer:
    def __init__(self, lr, epochs):
        self.lr = lr
        self.epochs = epochs

    def build(self):
        net = Classifier()
        opt = torch.optim.SGD(net.parameters(), lr=self.lr, momentum=0.9)
        return net, opt

    @staticmethod
    def stack(width):
        layers = nn.Sequential(nn.Linear(6, width), nn.ReLU(), nn.Linear(width, 3))
        return torch.optim.Adam(layers.parameters(), lr=1e-2), layers

    def fit(self, batches):
        self.model, self.optimizer = self.build()
        self.model.head = nn.Linear(16, 5)  # not in `self.optimizer`
        epoch = 0
        while epoch < self.epochs:
            for x, y in batches:
                self.optimizer.zero_grad(set_to_none=True)
                F.cross_entropy(self.model(x), y).backward()
                self.optimizer.step()
            epoch += 1

    def sweep(self, batches):
        adam, seq = self.stack(32)
        seq[2] = nn.Linear(32, 5)  # not in `adam`
        for x, y in batches:
            adam.zero_grad(set_to_none=True)
            F.cross_entropy(seq(x), y).backward()
            adam.step()


class Transfer:
    @classmethod
    def pretrained(cls):
        clf = Classifier()
        return clf, torch.optim.AdamW(clf.parameters(), lr=1e-3)

    @classmethod
    def run(cls, batches):
        clf, opt = cls.pretrained()
        clf.reset_classifier(5)  # builds a new head: not in `opt`
        for x, y in batches:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(clf(x), y).backward()
            opt.step()


network, sgd = Transfer.pretrained()
network.reset_classifier(7)
for x, y in [(torch.randn(8, 6), torch.randint(0, 7, (8,)))]:
    sgd.zero_grad(set_to_none=True)
    F.cross_entropy(network(x), y).backward()
    sgd.step()
