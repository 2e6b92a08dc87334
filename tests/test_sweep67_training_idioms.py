"""Training idioms read in sweep67a (energy-based models with Langevin sampling, adversarial
training with PGD, domain adaptation with a gradient reversal layer, a GAN whose discriminator
step keeps its graph for a relativistic generator loss), written here as our own loops: the
correct ones draw no finding from any rule; their buggy twins draw the finding the bug calls
for; so does the PGD twin whose attack backpropagates into the parameters after the clear
(GF001, fix68-H)."""

from __future__ import annotations

import textwrap

import pytest

from gradfix.runner import Options, process_source

ALL = frozenset(f"GF{i:03d}" for i in range(1, 36))


def _codes(text: str) -> list[str]:
    data = textwrap.dedent(text).encode()
    result = process_source("case.py", data, Options(select=ALL))
    assert result.error is None, result.error
    return sorted(d.code for d in result.diagnostics)


EBM = """
    import torch
    from torch import nn

    def sample(energy, start, steps=20, size=0.05):
        x = start.detach().clone()
        for _ in range(steps):
            x.requires_grad_(True)
            grad = torch.autograd.grad(energy(x).sum(), x)[0]
            with torch.no_grad():
                x = x - size * grad + 0.01 * torch.randn_like(x)
        return x.detach()

    def fit(energy, batches, epochs=2):
        opt = torch.optim.Adam(energy.parameters(), lr=1e-3)
        for epoch in range(epochs):
            for real in batches:
                CLEAR
                fake = sample(energy, torch.randn_like(real))
                cd = energy(real).mean() - energy(fake).mean()
                cd.backward()
                opt.step()
"""


def test_langevin_sampling_inside_the_loop_is_no_backward_of_the_step() -> None:
    assert _codes(EBM.replace("CLEAR", "opt.zero_grad(set_to_none=True)")) == []


def test_langevin_loop_without_a_clear_is_reported() -> None:
    assert _codes(EBM.replace("CLEAR", "pass")) == ["GF001"]


DANN = """
    import torch
    from torch import nn

    class Reverse(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, alpha):
            ctx.alpha = alpha
            return x.view_as(x)

        @staticmethod
        def backward(ctx, grad):
            return grad.neg() * ctx.alpha, None

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.3))
            self.label = nn.Linear(16, 1)
            self.domain = nn.Linear(16, 2)

        def forward(self, x, alpha):
            h = self.features(x)
            return self.label(h), self.domain(Reverse.apply(h, alpha))

    def score(net, loader):
        net.eval()
        with torch.no_grad():
            return sum(float(((net(x, 0.0)[0] - y) ** 2).mean()) for x, y, _ in loader)

    def adapt(net, source, target, epochs):
        opt = torch.optim.Adam(net.parameters(), lr=1e-3)
        for epoch in range(epochs):
            TRAIN
            for (xs, ys, ds), (xt, _, dt) in zip(source, target):
                opt.zero_grad(set_to_none=True)
                pred, dom_s = net(xs, 0.5)
                _, dom_t = net(xt, 0.5)
                loss = nn.functional.mse_loss(pred, ys) + nn.functional.cross_entropy(dom_s, ds) + nn.functional.cross_entropy(dom_t, dt)
                loss.backward()
                opt.step()
            print(epoch, score(net, target))
"""


def test_domain_adaptation_back_in_train_mode_each_epoch_is_silent() -> None:
    assert _codes(DANN.replace("TRAIN", "net.train()")) == []


def test_domain_adaptation_scored_in_eval_mode_each_epoch_is_reported() -> None:
    assert _codes(DANN.replace("TRAIN", "pass")) == ["GF017"]


PGD = """
    import torch
    import torch.nn.functional as F

    def robust_epoch(model, loader, opt, eps=0.03, alpha=0.01, steps=3):
        model.train()
        for x, y in loader:
            FIRST
            delta = torch.zeros_like(x, requires_grad=True)
            for _ in range(steps):
                F.cross_entropy(model(x + delta), y).backward()
                delta.data = (delta + alpha * delta.grad.sign()).clamp(-eps, eps)
                delta.grad.zero_()
            SECOND
            loss = F.cross_entropy(model(x + delta.detach()), y)
            loss.backward()
            opt.step()
"""


def test_pgd_attack_cleared_before_the_training_backward_is_silent() -> None:
    assert _codes(PGD.replace("FIRST", "pass").replace("SECOND", "opt.zero_grad(set_to_none=True)")) == []


def test_pgd_attack_backpropagating_into_the_parameters_after_the_clear_is_reported() -> None:
    assert _codes(PGD.replace("FIRST", "opt.zero_grad(set_to_none=True)").replace("SECOND", "pass")) == ["GF001"]


def test_pgd_attack_cleared_before_and_after_is_silent() -> None:
    assert _codes(PGD.replace("FIRST", "opt.zero_grad(set_to_none=True)").replace("SECOND", "opt.zero_grad(set_to_none=True)")) == []


FGSM_METHOD = """
    import torch
    import torch.nn.functional as F

    class Robust:
        def __init__(self, net, lr):
            self.net = net
            self.optim = torch.optim.SGD(net.parameters(), lr=lr)

        def fit(self, stream, eps=0.1):
            it = iter(stream)
            while True:
                try:
                    inputs, labels = next(it)
                except StopIteration:
                    break
                self.optim.zero_grad(set_to_none=True)
                probe = inputs.clone().requires_grad_(True)
                F.cross_entropy(self.net(probe), labels).backward()
                probe = (inputs + eps * probe.grad.sign()).detach()
                SECOND
                total = F.cross_entropy(self.net(inputs), labels) + F.cross_entropy(self.net(probe), labels)
                total.backward()
                self.optim.step()
"""


def test_fgsm_in_a_method_while_loop_cleared_before_the_attack_is_reported() -> None:
    assert _codes(FGSM_METHOD.replace("SECOND", "pass")) == ["GF001"]


def test_fgsm_in_a_method_while_loop_cleared_after_the_attack_is_silent() -> None:
    assert _codes(FGSM_METHOD.replace("SECOND", "self.optim.zero_grad(set_to_none=True)")) == []


FREELB = """
    import torch
    import torch.nn.functional as F

    def freelb_epoch(model, loader, opt, ascents=3, alpha=0.01):
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            delta = torch.zeros_like(x, requires_grad=True)
            for _ in range(ascents):
                (F.cross_entropy(model(x + delta), y) / ascents).backward()
                delta = (delta + alpha * delta.grad.sign()).detach().requires_grad_(True)
            F.cross_entropy(model(x), y).backward()
            opt.step()
"""


def test_freelb_ascents_whose_parameter_gradients_add_up_with_a_clean_loss_are_silent() -> None:
    # the training loss does not read the perturbation: the ascents' parameter gradients are
    # meant to add up (FreeLB), not an attack's by-product
    assert _codes(FREELB) == []


GAN = """
    import torch
    from torch import nn

    class Relativistic:
        def d_loss(self, d, fake, real):
            self.pred_real = d(real)
            pred_fake = d(fake.detach())
            return nn.functional.softplus(-(self.pred_real - pred_fake.mean())).mean()

        def g_loss(self, d, fake, real):
            return nn.functional.softplus(-(d(fake) - self.pred_real.mean())).mean()

    def run(g, d, loader, crit):
        opt_g = torch.optim.Adam(g.parameters(), lr=2e-4)
        opt_d = torch.optim.Adam(d.parameters(), lr=2e-4)
        for noise, real in loader:
            fake = g(noise)
            opt_d.zero_grad(set_to_none=True)
            loss_d = crit.d_loss(d, fake, real)
            loss_d.backward(retain_graph=True)
            opt_d.step()
            opt_g.zero_grad(set_to_none=True)
            loss_g = crit.g_loss(d, fake, real)
            loss_g.backward()
            opt_g.step()
"""


def test_relativistic_generator_loss_reading_the_discriminator_graph_is_not_flagged_as_needless_retain() -> None:
    # the generator's loss reads `pred_real` of the discriminator's step: the retained graph is
    # backpropagated again, so `retain_graph=True` is needed (no GF004, no finding at all)
    assert _codes(GAN) == []
