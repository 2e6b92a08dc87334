"""GF012 on a scheduler whose construction gradfix does not see (built by a helper that
returns the optimizer and its scheduler) names the optimizer it is named after: the whole
optimizer name plus a scheduler word (`criterion_optimizer_scheduler` of
`criterion_optimizer`, `d_opt_sched` of `d_opt`; sweep46a, imbalanced-semi-self), not the
first optimizer the iteration steps. Also an entry of a container of schedulers under the key
of an optimizer of a container of optimizers (`schedulers["head"]` of `optimizers["head"]`;
sweep47a, Learning-Loss-for-Active-Learning)."""

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

KEYED = """import torch


def one_epoch(nets, opts, loader):
    for x, y in loader:
        opts["body"].zero_grad()
        opts["head"].zero_grad()
        feats = nets["body"](x)
        loss = torch.nn.functional.cross_entropy(nets["head"](feats), y)
        loss.backward()
        opts["body"].step()
        opts["head"].step()


def fit(nets, opts, scheds, loader, epochs):
    for epoch in range(epochs):
        scheds["body"].step()
        scheds["head"].step()
        one_epoch(nets, opts, loader)
"""

KEYED_ATTRIBUTES = """import torch


class Trainer:
    def __init__(self, gen, disc, optimizers, lr_schedulers):
        self.gen, self.disc = gen, disc
        self.optimizers, self.lr_schedulers = optimizers, lr_schedulers

    def run(self, batches, epochs):
        epoch = 0
        while epoch < epochs:
            self.lr_schedulers['disc'].step()
            self.lr_schedulers['gen'].step()
            for real, z in batches:
                self.optimizers['disc'].zero_grad()
                (self.disc(self.gen(z).detach()).mean() - self.disc(real).mean()).backward()
                self.optimizers['disc'].step()
                self.optimizers['gen'].zero_grad()
                (-self.disc(self.gen(z)).mean()).backward()
                self.optimizers['gen'].step()
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


def test_schedulers_of_a_dict_name_the_optimizer_under_the_same_key() -> None:
    messages = _messages(KEYED)
    assert len(messages) == 2
    assert """`scheds["body"].step()` runs before `opts["body"].step()`""" in messages[0]
    assert """`scheds["head"].step()` runs before `opts["head"].step()`""" in messages[1]


def test_schedulers_of_an_attribute_dict_in_a_while_loop() -> None:
    messages = _messages(KEYED_ATTRIBUTES)
    assert len(messages) == 2
    assert "`self.lr_schedulers['disc'].step()` runs before `self.optimizers['disc'].step()`" in messages[0]
    assert "`self.lr_schedulers['gen'].step()` runs before `self.optimizers['gen'].step()`" in messages[1]


def test_a_key_no_optimizer_shares_keeps_the_first_later_step() -> None:
    messages = _messages(KEYED.replace('scheds["head"]', 'scheds["extra"]'))
    assert len(messages) == 2
    assert """`scheds["extra"].step()` runs before `opts["body"].step()`""" in messages[1]
