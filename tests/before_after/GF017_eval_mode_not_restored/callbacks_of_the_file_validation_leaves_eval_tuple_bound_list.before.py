"""A runner dispatching callbacks of this file: the validation callback puts the net in eval
mode every 25 steps and never switches it back, so the training goes on without dropout."""
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


class PrintCallback(Callback):
    def on_iter_end(self, runner):
        if runner.step % 25 == 0:
            runner.net.eval()
            with torch.no_grad():
                print(runner.step, runner.net(torch.ones(1, 8)).item())


class ValidatedRunner:
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


net = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.2), nn.Linear(16, 1))
optim = torch.optim.AdamW(net.parameters(), lr=1e-3)
warmup = torch.optim.lr_scheduler.LinearLR(optim, start_factor=0.1, total_iters=20)
batches = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(5)]
ValidatedRunner(net, optim, batches, [WarmupCallback(warmup), PrintCallback()], 100).run()
