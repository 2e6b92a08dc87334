# A method returns the model and an optimizer over its parameters; nothing leaves the optimizer
# behind: the head is changed inside the method before the optimizer is built, the optimizer is
# rebuilt after a change, the model is only moved or loaded in place, a replaced layer is put
# back, both are made again, the classifier is reset to none, a property is not a builder, and a
# subclass overrides the builder with one that returns no optimizer.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self, classes=3):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(6, 16), nn.ReLU())
        self.head = nn.Linear(16, classes)

    def reset_classifier(self, classes):
        self.head = nn.Linear(16, classes) if classes > 0 else nn.Identity()

    def forward(self, x):
        return self.head(self.trunk(x))


class Trainer:
    def __init__(self, lr):
        self.lr = lr

    def build(self, classes=5):
        net = Classifier()
        net.head = nn.Linear(16, classes)  # before the optimizer: it holds the new head
        opt = torch.optim.SGD(net.parameters(), lr=self.lr)
        return net, opt

    def rebuilt(self, batches):
        self.model, self.optimizer = self.build()
        self.model.head = nn.Linear(16, 7)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=self.lr)
        self.loop(batches)

    def changed_first(self, batches):
        self.model = Classifier()
        self.model.head = nn.Linear(16, 4)
        self.model, self.optimizer = self.build()
        self.loop(batches)

    def moved(self, batches):
        model, opt = self.build()
        model = model.to("cpu")
        model.load_state_dict(Classifier(5).state_dict())
        for x, y in batches:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(model(x), y).backward()
            opt.step()

    def loop(self, batches):
        for x, y in batches:
            self.optimizer.zero_grad(set_to_none=True)
            F.cross_entropy(self.model(x), y).backward()
            self.optimizer.step()


class Maker:
    @staticmethod
    def make():
        net = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 5))
        return net, torch.optim.Adam(net.parameters(), lr=1e-2)

    @property
    def pair(self):
        net = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 5))
        return net, torch.optim.Adam(net.parameters(), lr=1e-2)

    def put_back(self, batches):
        model, opt = self.make()
        head = model[2]
        model[2] = nn.Linear(16, 5)
        model[2] = head
        self.loop(model, opt, batches)

    def again(self, batches):
        model, opt = self.make()
        model[2] = nn.Linear(16, 5)
        model, opt = self.make()
        self.loop(model, opt, batches)

    def cached(self, batches):
        model, opt = self.pair
        self.loop(model, opt, batches)

    def loop(self, model, opt, batches):
        for x, y in batches:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(model(x), y).backward()
            opt.step()


class Features(Maker):
    @staticmethod
    def make():
        net = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 5))
        for p in net.parameters():
            p.requires_grad_(False)
        return net, None


class Transfer:
    @classmethod
    def pretrained(cls):
        clf = Classifier()
        return clf, torch.optim.AdamW(clf.parameters(), lr=1e-3)

    @classmethod
    def embed(cls, batches):
        clf, opt = cls.pretrained()
        clf.reset_classifier(0)  # no new parameters
        for x, y in batches:
            opt.zero_grad(set_to_none=True)
            clf(x).pow(2).mean().backward()
            opt.step()


if __name__ == "__main__":
    data = [(torch.randn(8, 6), torch.randint(0, 5, (8,))) for _ in range(3)]
    t = Trainer(0.1)
    t.rebuilt(data)
    t.changed_first(data)
    t.moved(data)
    Maker().put_back(data)
    Maker().again(data)
    Transfer.embed(data)
