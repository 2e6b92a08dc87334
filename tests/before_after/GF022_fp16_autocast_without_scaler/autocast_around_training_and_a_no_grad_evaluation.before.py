"""The evaluation between two epochs runs under float16 autocast and records no graph, but
the same block also runs the next epoch's training: its gradients are computed in float16.
"""

import torch
from torch import nn


def train_epoch(model, batches, optimizer):
    model.train()
    for x, y in batches:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
    return loss.item()


@torch.no_grad()
def score(model, batches):
    model.eval()
    hits = sum((model(x).argmax(1) == y).sum().item() for x, y in batches)
    return hits / sum(len(y) for _, y in batches)


def main(epochs=3):
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    batches = [(torch.randn(8, 16).cuda(), torch.randint(0, 4, (8,)).cuda()) for _ in range(5)]
    for epoch in range(epochs):
        with torch.cuda.amp.autocast():
            train_epoch(model, batches, optimizer)
            accuracy = score(model, batches)
        print(epoch, accuracy)


if __name__ == "__main__":
    main()
