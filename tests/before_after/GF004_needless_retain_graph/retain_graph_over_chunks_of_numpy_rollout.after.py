# Minibatches are chunks of rollout tensors made from numpy and from `.data` of an old-policy
# forward: nothing the chunks hold carries a graph, and each minibatch loss is computed afresh,
# yet its backward keeps the graph with retain_graph=True.
import numpy as np
import torch
from torch import nn

actor = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2))
actor_opt = torch.optim.Adam(actor.parameters(), lr=1e-3)

obs = torch.from_numpy(np.random.randn(128, 4)).float()
acts = torch.from_numpy(np.random.randint(0, 2, 128)).long()
gains = torch.from_numpy(np.random.randn(128)).float()
old_log_probs = torch.log_softmax(actor(obs), 1).gather(1, acts[:, None]).squeeze(1).data

for epoch in range(3):
    order = torch.randperm(obs.size(0))
    for o_b, a_b, g_b, old_b in zip(obs[order].chunk(4), acts[order].chunk(4), gains[order].chunk(4), old_log_probs[order].chunk(4)):
        log_probs = torch.log_softmax(actor(o_b), 1).gather(1, a_b[:, None]).squeeze(1)
        ratio = torch.exp(log_probs - old_b)
        objective = -torch.min(ratio * g_b, ratio.clamp(0.8, 1.2) * g_b).mean()
        actor_opt.zero_grad()
        objective.backward()
        actor_opt.step()
