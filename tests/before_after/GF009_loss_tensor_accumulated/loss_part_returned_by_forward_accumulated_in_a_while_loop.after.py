import torch
from torch import nn


class Recommender(nn.Module):
    def __init__(self, users, items, dim=16, l2=1e-4):
        super().__init__()
        self.user_emb = nn.Embedding(users, dim)
        self.item_emb = nn.Embedding(items, dim)
        self.l2 = l2

    def forward(self, u, pos, neg):
        eu, ep, en = self.user_emb(u), self.item_emb(pos), self.item_emb(neg)
        ranking = -torch.log(torch.sigmoid((eu * ep).sum(-1) - (eu * en).sum(-1))).mean()
        penalty = (eu.pow(2) + ep.pow(2) + en.pow(2)).sum() / u.size(0)
        weighted = self.l2 * penalty
        total = ranking + weighted
        return total, ranking, penalty


def fit(batches, users, items, epochs=3):
    net = Recommender(users, items)
    optim = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(epochs):
        penalty_sum = 0.0
        ranking_sum = 0.0
        k = 0
        while k < len(batches):
            u, pos, neg = batches[k]
            loss, ranking, penalty = net(u, pos, neg)
            optim.zero_grad()
            loss.backward()
            optim.step()
            ranking_sum += ranking.item()
            penalty_sum += penalty.detach()
            k += 1
        print(epoch, ranking_sum / len(batches), float(penalty_sum) / len(batches))
