# A policy-gradient loss weighted by the advantages of its micro-batch (`adv[idx]`) is
# backpropagated whole while gradients accumulate over ACCUM micro-batches: the product by a
# per-sample weight is no division by ACCUM.
import torch
from torch import nn

policy = nn.Linear(6, 3)
optim = torch.optim.Adam(policy.parameters(), lr=3e-4)
ACCUM = 4


def update(states, actions, advantages, epochs=2):
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    for _ in range(epochs):
        for step, idx in enumerate(torch.randperm(len(states)).split(16)):
            logp = torch.log_softmax(policy(states[idx]), -1).gather(1, actions[idx, None]).squeeze(1)
            pg_loss = -(logp * advantages[idx]).mean()
            (pg_loss / ACCUM).backward()
            if (step + 1) % ACCUM == 0:
                optim.step()
                optim.zero_grad()
        if (step + 1) % ACCUM != 0:
            optim.step()
            optim.zero_grad()
