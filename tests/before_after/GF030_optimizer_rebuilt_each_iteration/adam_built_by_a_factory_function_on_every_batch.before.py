import torch
import torch.nn.functional as F


def adam_for(network, rate):
    return torch.optim.Adam(network.parameters(), lr=rate, betas=(0.9, 0.99))


def fit(network, batches, rate=3e-4):
    network.train()
    for inputs, targets in batches:
        # Adam over the whole network
        optimizer = adam_for(network, rate)
        optimizer.zero_grad()
        loss = F.cross_entropy(network(inputs), targets)
        loss.backward()
        optimizer.step()
    return network
