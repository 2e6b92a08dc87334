import torch
from torch import nn


class Classifier:
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 4))
        self.opt = torch.optim.Adam(self.net.parameters(), lr=1e-3)
        self.hits = 0
        self.seen = 0

    def run(self, batches, max_steps):
        step = 0
        it = iter(batches)
        while step < max_steps:
            try:
                features, labels = next(it)
            except StopIteration:
                it = iter(batches)
                continue
            self.opt.zero_grad()
            scores = self.net(features)
            loss = nn.functional.cross_entropy(scores, labels)
            loss.backward(retain_graph=True)
            self.opt.step()
            self.hits = self.hits + scores.argmax(dim=1).eq(labels).sum()
            self.seen = self.seen + len(labels)
            step += 1
        return self.hits / self.seen


batches = [(torch.randn(5, 6), torch.randint(0, 4, (5,))) for _ in range(3)]
print(Classifier().run(batches, 7))
