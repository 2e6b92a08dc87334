import torch
from torch import nn


class Ranker(nn.Module):
    def __init__(self, users, items, dim=16):
        super().__init__()
        self.users = nn.Embedding(users, dim)
        self.items = nn.Embedding(items, dim)

    def pairwise_loss(self, u, pos, neg):
        eu, ep, en = self.users(u), self.items(pos), self.items(neg)
        rank = -nn.functional.logsigmoid((eu * ep).sum(1) - (eu * en).sum(1)).mean()
        reg = 1e-4 * (eu.pow(2).sum() + ep.pow(2).sum() + en.pow(2).sum()) / u.numel()
        return rank + reg, rank.item(), reg.item()


def fit(n_users, n_items, triples, epochs=5):
    ranker = Ranker(n_users, n_items)
    opt = torch.optim.Adam(ranker.parameters(), lr=1e-3)
    for _ in range(epochs):
        rank_total, reg_total = 0.0, 0.0
        for u, pos, neg in triples:
            loss, rank, reg = ranker.pairwise_loss(u, pos, neg)
            opt.zero_grad()
            loss.backward()
            opt.step()
            rank_total += rank
            reg_total += reg
        print(rank_total, reg_total)
