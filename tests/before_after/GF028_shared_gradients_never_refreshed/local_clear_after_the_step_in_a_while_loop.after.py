# The worker clears its local model after each update; the shared gradients are never cleared,
# so the guard skips every hand-over after the first.
import torch.nn.functional as F


def sync(local, shared):
    for lp, sp in zip(local.parameters(), shared.parameters()):
        if sp.grad is not None:
            return
        sp._grad = lp.grad


def worker(local, shared, opt, env, updates):
    n = 0
    while n < updates:
        local.load_state_dict(shared.state_dict())
        x, y = env.batch()
        F.mse_loss(local(x), y).backward()
        sync(local, shared)
        opt.step()
        local.zero_grad()
        opt.zero_grad()
        n += 1
