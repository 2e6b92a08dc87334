import torch
import torch.nn as nn
import torch.nn.functional as F


class Tagger(nn.Module):
    """Scores every token and returns the loss; each call starts from clean gradients."""

    def __init__(self, vocab, tags):
        super().__init__()
        self.emb = nn.Embedding(vocab, 16)
        self.out = nn.Linear(16, tags)

    def forward(self, words, gold):
        self.zero_grad()
        scores = self.out(self.emb(words))
        return F.cross_entropy(scores.view(-1, scores.size(-1)), gold.view(-1))


def fit(batches, epochs):
    tagger = Tagger(100, 5)
    opt = torch.optim.Adam(tagger.parameters(), lr=1e-3)
    for _ in range(epochs):
        for words, gold in batches:
            loss = tagger(words, gold)
            loss.backward()
            opt.step()


class Segmenter(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 8), nn.Tanh(), nn.Linear(8, 2))

    def forward(self, x, y=None):
        if y is None:
            return self.body(x)
        self.zero_grad(set_to_none=True)
        return F.cross_entropy(self.body(x), y)


class Runner:
    def __init__(self, lr):
        self.net = Segmenter()
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=lr, momentum=0.9)

    def run(self, stream, budget):
        done = 0
        while done < budget:
            x, y = next(stream)
            err = self.net(x, y)
            err.backward()
            self.optimizer.step()
            done += 1
