import collections
import itertools

import torch
import torch.nn.functional as F


def fit(net, loader, probe, epochs):
    optim = torch.optim.Adam(net.parameters(), lr=1e-3)

    def learn(index, batch):
        features, labels = batch
        optim.zero_grad(set_to_none=True)
        cost = F.cross_entropy(net(features), labels)
        cost.backward()
        optim.step()

    for _ in range(epochs):
        net.train()
        collections.deque(itertools.starmap(learn, enumerate(loader)), maxlen=0)
        net.eval()
        with torch.no_grad():
            print(net(probe).argmax(-1).tolist())
    return net
