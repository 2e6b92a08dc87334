# Discounted returns from a plain function of the module, batches unpacked from a tuple of
# chunk tuples in a while loop over epochs: each minibatch loss is fresh, nothing it reads
# carries a graph, and retain_graph=True only keeps memory alive.
import numpy as np
import torch
from torch import nn

policy = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
optimizer = torch.optim.SGD(policy.parameters(), lr=0.01)


def discounted(rewards, gamma):
    out = torch.zeros_like(rewards)
    acc = 0.0
    for i in reversed(range(len(rewards))):
        acc = rewards[i] + gamma * acc
        out[i] = acc
    return out


def train(buffer, epochs):
    obs = torch.from_numpy(np.asarray(buffer["obs"])).float()
    acts = torch.from_numpy(np.asarray(buffer["acts"])).long()
    rets = discounted(torch.tensor(np.asarray(buffer["rewards"])).float(), gamma=0.99)
    epoch = 0
    while epoch < epochs:
        pieces = (obs.split(32), acts.split(32), rets.split(32))
        for batch in zip(*pieces):
            o_b, a_b, r_b = batch
            logp = torch.log_softmax(policy(o_b), 1).gather(1, a_b[:, None]).squeeze(1)
            loss = -(logp * r_b).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        epoch += 1
