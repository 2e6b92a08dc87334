# The shared clear zeroes the gradients in place: after the first hand-over they are the
# local tensors themselves, so the local model is cleared too (real torch: the same weights as
# a worker clearing its local model). A `set_to_none` gradfix cannot read is left alone too.
import torch


def ensure_shared_grads(model, shared_model):
    for param, shared_param in zip(model.parameters(), shared_model.parameters()):
        if shared_param.grad is not None:
            return
        shared_param._grad = param.grad


def worker_updates(local, shared, shared_opt, rollouts):
    for states, targets in rollouts:
        local.load_state_dict(shared.state_dict())
        loss = torch.nn.functional.mse_loss(local(states), targets)
        shared_opt.zero_grad(set_to_none=False)
        loss.backward()
        for local_p, shared_p in zip(local.parameters(), shared.parameters()):
            shared_p._grad = local_p.grad
        shared_opt.step()


def train(model, shared_model, optimizer, env, keep_buffers):
    while env.running():
        model.load_state_dict(shared_model.state_dict())
        states, returns = env.rollout(model)
        loss = (model(states).squeeze(-1) - returns).pow(2).mean()
        optimizer.zero_grad(set_to_none=not keep_buffers)
        loss.backward()
        ensure_shared_grads(model, shared_model)
        optimizer.step()


class Worker:
    def __init__(self, lnet, gnet, opt):
        self.lnet, self.gnet, self.opt = lnet, gnet, opt

    def learn(self, batches):
        for x, y in batches:
            loss = torch.nn.functional.mse_loss(self.lnet(x), y)
            self.opt.zero_grad(False)
            loss.backward()
            for lp, gp in zip(self.lnet.parameters(), self.gnet.parameters()):
                gp.grad = lp.grad.data
            self.opt.step()
            self.lnet.load_state_dict(self.gnet.state_dict())
