"""A runner dispatching callbacks of this file: the clipping callback clips in `on_iter_end`,
after the runner's optimizer stepped with the unclipped gradients."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Callback:
    def on_iter_start(self, runner):
        pass

    def on_iter_end(self, runner):
        pass


class WarmupCallback(Callback):
    def __init__(self, lr_sched):
        self.lr_sched = lr_sched

    def on_iter_end(self, runner):
        self.lr_sched.step()


class ClipCallback(Callback):
    def __init__(self, max_norm):
        self.max_norm = max_norm

    def on_iter_end(self, runner):
        torch.nn.utils.clip_grad_norm_(runner.net.parameters(), self.max_norm)


class PrintCallback(Callback):
    def on_iter_end(self, runner):
        if runner.step % 10 == 0:
            print(runner.step, runner.loss_value)


class ClipRunner:
    def __init__(self, net, optim, batches, callbacks, total_steps):
        self.net, self.optim, self.batches = net, optim, batches
        self.step_callbacks, self.total_steps = callbacks, total_steps
        self.step = 0
        self.loss_value = 0.0

    def one_iteration(self):
        inputs, targets = self.batches[self.step % len(self.batches)]
        loss = F.mse_loss(self.net(inputs), targets)
        self.optim.zero_grad(set_to_none=True)
        loss.backward()
        self.optim.step()
        self.loss_value = loss.item()

    def run(self):
        self.net.train()
        while self.step < self.total_steps:
            for cb in self.step_callbacks:
                cb.on_iter_start(self)
            self.one_iteration()
            for cb in self.step_callbacks:
                cb.on_iter_end(self)
            self.step += 1


net = nn.Linear(8, 1)
optim = torch.optim.AdamW(net.parameters(), lr=1e-3)
warmup = torch.optim.lr_scheduler.LinearLR(optim, start_factor=0.1, total_iters=20)
batches = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(5)]
ClipRunner(net, optim, batches, [WarmupCallback(warmup), ClipCallback(1.0), PrintCallback()], 100).run()
