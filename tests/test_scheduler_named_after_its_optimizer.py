"""GF012 on a scheduler whose construction gradfix does not see (built by a helper that
returns the optimizer and its scheduler) names the optimizer it is named after: the whole
optimizer name plus a scheduler word (`criterion_optimizer_scheduler` of
`criterion_optimizer`, `d_opt_sched` of `d_opt`; sweep46a, imbalanced-semi-self), not the
first optimizer the iteration steps."""

from __future__ import annotations

from gradfix.runner import Options, process_source

TRAINER = """import torch


class Runner:
    def __init__(self, net, criterion):
        self.net, self.criterion = net, criterion
        self.model_optimizer, self.model_optimizer_scheduler = self.make(net.parameters())
        self.criterion_optimizer, self.criterion_optimizer_scheduler = self.make(criterion.parameters())

    def make(self, params):
        optimizer = torch.optim.SGD(params, lr=0.1)
        return optimizer, torch.optim.lr_scheduler.StepLR(optimizer, 5)

    def update(self, loss):
        self.model_optimizer.zero_grad()
        self.criterion_optimizer.zero_grad()
        loss.backward()
        self.model_optimizer.step()
        if self.criterion_optimizer:
            self.criterion_optimizer.step()

    def train(self, loader, epochs):
        for epoch in range(epochs):
            self.model_optimizer_scheduler.step()
            if self.criterion_optimizer:
                self.criterion_optimizer_scheduler.step()
            for x, y in loader:
                self.update(self.criterion(self.net(x), y))
"""

GAN = """import torch
from builders import optimizer_and_schedule


def fit(gen, disc, batches, epochs):
    g_opt, g_opt_sched = optimizer_and_schedule(gen)
    d_opt, d_opt_sched = optimizer_and_schedule(disc)
    epoch = 0
    while epoch < epochs:
        d_opt_sched.step()
        g_opt_sched.step()
        for real, z in batches:
            d_opt.zero_grad()
            d_loss = disc(gen(z).detach()).mean() - disc(real).mean()
            d_loss.backward()
            d_opt.step()
            g_opt.zero_grad()
            g_loss = -disc(gen(z)).mean()
            g_loss.backward()
            g_opt.step()
        epoch += 1
"""


def _messages(text: str) -> list[str]:
    result = process_source("train.py", text.encode(), Options(select=frozenset({"GF012"}), fix=False))
    assert result.error is None
    return [d.message for d in result.diagnostics]


def test_trainer_schedulers_named_after_each_optimizer() -> None:
    messages = _messages(TRAINER)
    assert len(messages) == 2
    assert "`self.model_optimizer_scheduler.step()` runs before `self.model_optimizer.step()`" in messages[0]
    assert "`self.criterion_optimizer_scheduler.step()` runs before `self.criterion_optimizer.step()`" in messages[1]


def test_gan_schedulers_of_a_helper_named_after_each_optimizer() -> None:
    messages = _messages(GAN)
    assert len(messages) == 2
    assert "`d_opt_sched.step()` runs before `d_opt.step()`" in messages[0]
    assert "`g_opt_sched.step()` runs before `g_opt.step()`" in messages[1]
