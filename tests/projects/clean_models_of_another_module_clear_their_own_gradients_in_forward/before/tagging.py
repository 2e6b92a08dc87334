import torch.nn as nn
import torch.nn.functional as F


class crf_tagger(nn.Module):
    def __init__(self, vocab, tags):
        super().__init__()
        self.emb = nn.Embedding(vocab, 16)
        self.out = nn.Linear(16, tags)

    def forward(self, words, gold):  # for training: the loss, from clean gradients
        self.zero_grad()
        scores = self.out(self.emb(words))
        return F.cross_entropy(scores.view(-1, scores.size(-1)), gold.view(-1))

    def decode(self, words):
        return self.out(self.emb(words)).argmax(-1)
