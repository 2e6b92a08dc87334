# The hand-over is a method of the worker (on self), called from a while True loop.
import torch


class Worker:
    def __init__(self, local, shared, opt, env):
        self.local, self.shared, self.opt, self.env = local, shared, opt, env

    def push_grads(self):
        for mine, theirs in zip(self.local.parameters(), self.shared.parameters()):
            theirs._grad = mine.grad

    def work(self):
        while True:
            self.local.load_state_dict(self.shared.state_dict())
            batch = self.env.sample()
            if batch is None:
                break
            loss = self.local(batch).mean()
            self.opt.zero_grad()
            self.local.zero_grad()
            loss.backward()
            self.push_grads()
            self.opt.step()
