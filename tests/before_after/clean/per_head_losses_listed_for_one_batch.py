import torch
import torch.nn as nn


def train(heads, optimizers, loader):
    for x, y in loader:
        with torch.no_grad():
            feats = x * 2.0
        losses = []  # one list per batch: it holds one loss per head
        for head, opt in zip(heads, optimizers):
            loss = nn.functional.cross_entropy(head(feats), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss)
        print(" ".join(f"{l.item():.3f}" for l in losses))


if __name__ == "__main__":
    torch.manual_seed(0)
    heads = [nn.Linear(4, 3) for _ in range(3)]
    opts = [torch.optim.SGD(h.parameters(), lr=0.1) for h in heads]
    data = [(torch.randn(8, 4), torch.randint(0, 3, (8,))) for _ in range(3)]
    train(heads, opts, data)
