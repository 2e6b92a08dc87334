# A set-up function of the file returns the model and an optimizer over its parameters together,
# unpacked by the caller in either order; the head is replaced after that: its parameters are not
# in the optimizer and never train, as when the optimizer is written inline.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tagger(nn.Module):
    def __init__(self, tags=4):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(12, 32), nn.Tanh())
        self.classifier = nn.Linear(32, tags)

    def forward(self, x):
        return self.classifier(self.encoder(x))


def setup(cfg):
    tagger = Tagger()
    adam = torch.optim.Adam(tagger.parameters(), lr=cfg["lr"])
    return tagger, adam


def prepare(net, lr):
    return torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9), net


def finetune(batches, cfg):
    net, opt = setup(cfg)
    net.classifier = nn.Linear(32, cfg["tags"])  # the new head: not in `opt`
    done = 0
    while done < cfg["steps"]:
        for feats, tags in batches:
            opt.zero_grad()
            F.cross_entropy(net(feats), tags).backward()
            opt.step()
            done += 1


sgd, model = prepare(Tagger(), 0.05)
model.classifier = nn.Linear(32, 7)
for feats, tags in [(torch.randn(8, 12), torch.randint(0, 7, (8,)))]:
    sgd.zero_grad()
    F.cross_entropy(model(feats), tags).backward()
    sgd.step()
