# Workers that hand their local gradients over and clear the local model somewhere in the
# iteration (before the backward, after the step, by hand in the hand-over), or build a new
# local model each iteration (it holds no gradient yet).
import copy

import torch


def ensure_shared_grads(model, shared_model):
    for param, shared_param in zip(model.parameters(), shared_model.parameters()):
        shared_param._grad = param.grad


def worker(shared_model, optimizer, batches):
    model = copy.deepcopy(shared_model)
    for x, y in batches:
        model.load_state_dict(shared_model.state_dict())
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        ensure_shared_grads(model, shared_model)
        optimizer.step()
        model.zero_grad()


def worker_clearing_by_hand(local, shared, opt, batches):
    for x, y in batches:
        local.load_state_dict(shared.state_dict())
        loss = torch.nn.functional.mse_loss(local(x), y)
        opt.zero_grad()
        loss.backward()
        for lp, sp in zip(local.parameters(), shared.parameters()):
            sp.grad = lp.grad
            lp.grad = None
        opt.step()


def worker_with_a_fresh_copy(shared, opt, batches):
    for x, y in batches:
        local = copy.deepcopy(shared)
        loss = torch.nn.functional.mse_loss(local(x), y)
        opt.zero_grad()
        loss.backward()
        for lp, sp in zip(local.parameters(), shared.parameters()):
            sp._grad = lp.grad
        opt.step()


class Learner:
    def __init__(self, local_net, global_net, global_opt):
        self.local_net, self.global_net, self.global_opt = local_net, global_net, global_opt

    def update(self, batches):
        step = 0
        while step < len(batches):
            obs, target = batches[step]
            self.local_net.load_state_dict(self.global_net.state_dict())
            self.local_net.zero_grad(set_to_none=False)
            loss = (self.local_net(obs) - target).pow(2).mean()
            self.global_opt.zero_grad()
            loss.backward()
            for g, l in zip(self.global_net.parameters(), self.local_net.parameters()):
                g.grad = l.grad.clone()
            self.global_opt.step()
            step += 1
