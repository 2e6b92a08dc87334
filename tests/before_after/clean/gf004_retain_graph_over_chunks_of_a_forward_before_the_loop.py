# The baseline log-probabilities are chunked straight from a forward of a reference network made
# before the loop (no `.data`, no `.detach()`): every minibatch loss reaches that one graph, so
# each backward after the first needs it kept; retain_graph=True stays. Chunks of a tensor
# computed from a leaf that requires gradients share the graph of that computation too.
import numpy as np
import torch
from torch import nn

actor = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2))
reference = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2))
actor_opt = torch.optim.Adam(actor.parameters(), lr=1e-3)


def fit_to_reference(obs_np, acts_np, gains_np):
    obs = torch.from_numpy(obs_np).float()
    acts = torch.from_numpy(acts_np).long()
    gains = torch.from_numpy(gains_np).float()
    base = torch.log_softmax(reference(obs), 1).gather(1, acts[:, None]).squeeze(1)
    for epoch in range(3):
        for o_b, a_b, g_b, base_b in zip(obs.chunk(4), acts.chunk(4), gains.chunk(4), base.chunk(4)):
            log_probs = torch.log_softmax(actor(o_b), 1).gather(1, a_b[:, None]).squeeze(1)
            objective = -(torch.exp(log_probs - base_b) * g_b).mean()
            actor_opt.zero_grad()
            objective.backward(retain_graph=True)
            actor_opt.step()


def fit_shift():
    shift = torch.zeros(128, 4, requires_grad=True)
    shift_opt = torch.optim.SGD([shift], lr=0.1)
    for epoch in range(3):
        for piece in torch.chunk(torch.tanh(shift), 4):
            shift_opt.zero_grad()
            (piece ** 2).sum().backward(retain_graph=True)
            shift_opt.step()


fit_to_reference(np.random.randn(128, 4), np.random.randint(0, 2, 128), np.random.randn(128))
fit_shift()
