from functools import partial

import torch


def probe(network):
    network.eval()
    return network(torch.zeros(1, 4)).sum().item()


def update(network, optim, batch):
    inputs, targets = batch
    optim.zero_grad()
    torch.nn.functional.mse_loss(network(inputs), targets).backward()
    optim.step()


def fit(network, batches, rounds):
    optim = torch.optim.Adam(network.parameters(), lr=1e-3)
    network.train()
    done = 0
    while done < rounds:
        advance = partial(update, network, optim)
        for batch in batches:
            advance(batch)
        probe(network)
        done += 1
