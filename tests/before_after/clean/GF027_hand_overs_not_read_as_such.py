# Shapes the rule does not read as a hand-over of the local gradients: a gradient computed from
# the local one, the parameters paired by name, a model that steps its own optimizer too.
import torch


def averaged(local, shared, opt, batches, workers):
    for x, y in batches:
        loss = torch.nn.functional.mse_loss(local(x), y)
        opt.zero_grad()
        loss.backward()
        for lp, sp in zip(local.parameters(), shared.parameters()):
            sp.grad = lp.grad / workers
        opt.step()


def by_name(local, shared, opt, batches):
    for x, y in batches:
        loss = torch.nn.functional.mse_loss(local(x), y)
        opt.zero_grad()
        loss.backward()
        for (name, lp), (_, sp) in zip(local.named_parameters(), shared.named_parameters()):
            sp._grad = lp.grad
        opt.step()


def two_optimizers(local, shared, local_opt, shared_opt, batches):
    for x, y in batches:
        loss = torch.nn.functional.mse_loss(local(x), y)
        local_opt.zero_grad()
        shared_opt.zero_grad()
        loss.backward()
        for lp, sp in zip(local.parameters(), shared.parameters()):
            sp._grad = lp.grad
        local_opt.step()
        shared_opt.step()
