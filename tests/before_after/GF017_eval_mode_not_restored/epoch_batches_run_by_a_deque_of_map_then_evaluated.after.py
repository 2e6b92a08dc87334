from collections import deque

import torch
import torch.nn.functional as F


def fit(net, batches, probe, epochs):
    optim = torch.optim.Adam(net.parameters(), lr=1e-3)

    def learn(batch):
        features, labels = batch
        optim.zero_grad(set_to_none=True)
        cost = F.cross_entropy(net(features), labels)
        cost.backward()
        optim.step()

    done = 0
    while done < epochs:
        net.train()
        deque(map(learn, batches), maxlen=0)
        net.eval()
        with torch.no_grad():
            print(net(probe).argmax(-1).tolist())
        done += 1
    return net
