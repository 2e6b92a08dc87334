import torch
import torch.nn as nn


class LinearHead(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, feats):
        return self.fc(feats)


def probe_accuracy(feats, labels, classes):
    head = LinearHead(feats.shape[1], classes)
    head.to(feats.device)
    opt = torch.optim.Adam(head.parameters(), lr=0.01)
    for _ in range(50):
        head.train()
        opt.zero_grad()
        loss = nn.functional.cross_entropy(head(feats), labels)
        loss.backward()
        opt.step()
    head.eval()
    return (head(feats).argmax(1) == labels).float().mean().item()


def probe_loss(feats, labels):
    dim = feats.shape[1]
    clf = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, int(labels.max()) + 1))
    sgd = torch.optim.SGD(clf.parameters(), lr=0.1, momentum=0.9)
    decay = torch.optim.lr_scheduler.StepLR(sgd, step_size=10)
    steps = 0
    while steps < 30:
        sgd.zero_grad()
        loss = nn.functional.cross_entropy(clf(feats), labels)
        loss.backward()
        sgd.step()
        decay.step()
        steps += 1
    return loss.item()
