# The minibatch chunks are cut from the function's parameters and bound to names before the
# loop: a caller could hand in tensors that carry a graph, so dropping retain_graph=True is an
# unsafe fix, not applied by default (as when the chunks are cut in the `for` itself).
import torch
from torch import nn

actor = nn.Linear(4, 2)
actor_opt = torch.optim.Adam(actor.parameters(), lr=1e-3)


def fit_minibatches(states, actions, adv):
    for _ in range(2):
        s_all, a_all, adv_all = torch.chunk(states, 4), torch.chunk(actions, 4), torch.chunk(adv, 4)
        for s_b, a_b, adv_b in zip(s_all, a_all, adv_all):
            logp = torch.log_softmax(actor(s_b), 1).gather(1, a_b[:, None]).squeeze(1)
            loss = -(logp * adv_b).mean()
            actor_opt.zero_grad()
            loss.backward(retain_graph=True)
            actor_opt.step()
