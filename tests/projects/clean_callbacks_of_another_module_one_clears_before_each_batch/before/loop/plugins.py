import torch


class Plugin:
    def before_batch(self, runner):
        pass

    def after_backward(self, runner):
        pass

    def after_batch(self, runner):
        pass


class ApplyUpdate(Plugin):
    def after_batch(self, runner):
        runner.opt.step()


class CapNorm(Plugin):
    def __init__(self, limit):
        self.limit = limit

    def after_backward(self, runner):
        torch.nn.utils.clip_grad_norm_(runner.net.parameters(), self.limit)


class Meter(Plugin):
    def __init__(self):
        self.seen = 0

    def after_batch(self, runner):
        self.seen += 1


class FreshGradients(Plugin):
    def before_batch(self, runner):
        runner.opt.zero_grad()
