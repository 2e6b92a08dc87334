import torch
import torch.nn as nn


def sync_step(local, central, opt, obs, target):
    loss = (local(obs) - target).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    for lp, cp in zip(local.parameters(), central.parameters()):
        cp._grad = lp.grad
    opt.step()


def run(local, central, batches):
    # the optimizer's groups hold the local model too: its clear clears the local gradients
    opt = torch.optim.Adam([{"params": central.parameters()}, {"params": local.parameters(), "lr": 0.0}], lr=1e-3)
    for obs, target in batches:
        sync_step(local, central, opt, obs, target)


def run_extra(local, central, batches, extra):
    # a group of tensors gradfix cannot name: they may be the local model's
    opt = torch.optim.Adam([{"params": central.parameters()}, {"params": extra}], lr=1e-3)
    for obs, target in batches:
        loss = (local(obs) - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        for lp, cp in zip(local.parameters(), central.parameters()):
            cp._grad = lp.grad
        opt.step()


if __name__ == "__main__":
    local, central = nn.Linear(3, 1), nn.Linear(3, 1)
    run(local, central, [(torch.randn(4, 3), torch.randn(4, 1))] * 3)
    run_extra(local, central, [(torch.randn(4, 3), torch.randn(4, 1))] * 3, list(local.parameters()))
