import copy

import torch
from torch import nn

OPTIMIZERS = {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}


def make_optimizer(cfg, model):
    return OPTIMIZERS[cfg.name](model.parameters(), lr=cfg.lr)


def build_optimizer(cfg, model):
    if cfg.shared:
        return torch.optim.SGD(list(model.parameters()) + list(cfg.extra.parameters()), lr=cfg.lr)
    return cfg.factory(model)


def actor_penalty_after_the_critic_step(cfg, loader):
    # the critic's optimizer: the penalty's graph runs through the actor only
    actor = nn.Linear(6, 3)
    critic = nn.Linear(6, 1)
    critic_optimizer = make_optimizer(cfg, critic)
    actor_optimizer = make_optimizer(cfg, model=actor)
    for x, y in loader:
        critic_optimizer.zero_grad()
        actor_optimizer.zero_grad()
        logits = actor(x)
        value_loss = (critic(x).squeeze(-1) - y).pow(2).mean()
        value_loss.backward()
        critic_optimizer.step()
        penalty = logits.pow(2).mean() * 0.01
        penalty.backward()
        actor_optimizer.step()


def worker_whose_optimizer_clears_the_local_model(cfg, global_net, batches):
    # the optimizer is over the local model: its clear clears the local gradients
    local_net = copy.deepcopy(global_net)
    optimizer = make_optimizer(cfg, local_net)
    for states, returns in batches:
        local_net.load_state_dict(global_net.state_dict())
        loss = (local_net(states) - returns).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        for mine, theirs in zip(local_net.parameters(), global_net.parameters()):
            theirs._grad = mine.grad
        optimizer.step()


def worker_with_an_optimizer_gradfix_cannot_read(cfg, global_net, batches):
    local_net = copy.deepcopy(global_net)
    optimizer = build_optimizer(cfg, global_net)
    for states, returns in batches:
        local_net.load_state_dict(global_net.state_dict())
        loss = (local_net(states) - returns).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        for mine, theirs in zip(local_net.parameters(), global_net.parameters()):
            theirs._grad = mine.grad
        optimizer.step()
