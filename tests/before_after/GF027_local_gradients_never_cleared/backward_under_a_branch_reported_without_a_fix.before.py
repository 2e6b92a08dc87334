# The backward runs in one arm and the hand-over after it for both: where the clear belongs is
# the author's call (reported without a fix).
import torch


def worker(local, shared, opt, batches, use_entropy):
    for x, y in batches:
        local.load_state_dict(shared.state_dict())
        out = local(x)
        opt.zero_grad()
        if use_entropy:
            (torch.nn.functional.mse_loss(out, y) - 0.01 * out.std()).backward()
        else:
            torch.nn.functional.mse_loss(out, y).backward()
        for lp, sp in zip(local.parameters(), shared.parameters()):
            sp._grad = lp.grad
        opt.step()
