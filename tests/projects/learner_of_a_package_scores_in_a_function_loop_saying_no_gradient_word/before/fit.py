import torch
from torch import nn
from torch.optim import AdamW

from lib.learner import Learner


def main(num_updates=30):
    net = nn.Sequential(nn.Linear(6, 24), nn.BatchNorm1d(24), nn.ReLU(), nn.Linear(24, 2))
    learner = Learner(net, AdamW(net.parameters(), lr=3e-4), nn.CrossEntropyLoss())
    data = [(torch.randn(8, 6), torch.randint(0, 2, (8,))) for _ in range(num_updates)]
    for i in range(num_updates):
        learner.fit_one(data[i])
        if (i + 1) % 10 == 0:
            print("accuracy", learner.score(data[0]))


if __name__ == "__main__":
    main()
