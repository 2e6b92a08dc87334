"""GF032 (detection only): a discriminator's optimizer that steps on what the generator's
loss wrote into the discriminator. Run with real torch, the loop of the rule's example (both
losses backpropagated before both steps, AOT-GAN's order) steps the discriminator on its own
loss's gradient plus the generator's adversarial gradient; the rule's "Use instead" steps it
on its own loss's gradient only. The same holds one iteration later for a loop that clears
each optimizer right after its own step. gradfix reports the buggy loops at the
discriminator's step and stays silent on the fixed ones."""

from __future__ import annotations

from pathlib import Path

import torch

from gradfix.runner import Options, process_source

_HEAD = """
import torch
import torch.nn.functional as F
torch.manual_seed(0)
G = torch.nn.Linear(4, 4)
D = torch.nn.Linear(4, 1)
batches = [(torch.randn(8, 4), torch.randn(8, 4)) for _ in range(3)]
seen = []  # D's gradient at each of its steps, and the gradient of D's own loss alone
"""
_SAME_ITERATION = """
def train(G, D, batches):
    opt_g = torch.optim.SGD(G.parameters(), lr=0.1)
    opt_d = torch.optim.SGD(D.parameters(), lr=0.1)
    for z, real in batches:
        fake = G(z)
        g_loss = -D(fake).mean()
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
        own = torch.autograd.grad(d_loss, list(D.parameters()), retain_graph=True)
        opt_g.zero_grad()
        opt_d.zero_grad()
        g_loss.backward()
        {clear}d_loss.backward()
        seen.append(([p.grad.clone() for p in D.parameters()], own))
        opt_g.step()
        opt_d.step()


train(G, D, batches)
"""
_NEXT_ITERATION = """
def train(G, D, batches):
    opt_d = torch.optim.SGD(D.parameters(), lr=0.1)
    opt_g = torch.optim.SGD(G.parameters(), lr=0.1)
    for z, real in batches:
        fake = G(z)
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
        own = torch.autograd.grad(d_loss, list(D.parameters()), retain_graph=True)
        {clear}d_loss.backward()
        seen.append(([p.grad.clone() for p in D.parameters()], own))
        opt_d.step()
        opt_d.zero_grad()
        g_loss = -D(fake).mean()
        g_loss.backward()
        opt_g.step()
        opt_g.zero_grad()


train(G, D, batches)
"""


def _run(code: str) -> tuple[list, list[torch.Tensor]]:  # type: ignore[type-arg]
    scope: dict[str, object] = {}
    threads = torch.get_num_threads()
    try:
        exec(compile(code, "<gf032>", "exec"), scope)
    finally:
        torch.set_num_threads(threads)
    return scope["seen"], [p.detach().clone() for p in scope["D"].parameters()]  # type: ignore[attr-defined, return-value]


def _findings(code: str, codes: frozenset[str] = frozenset({"GF032"})) -> list[tuple[str, int]]:
    result = process_source("gf032.py", code.encode(), Options(select=codes, unsafe_fixes=False, fix=True))
    assert result.error is None, result.error
    assert result.fixed is None  # detection only
    return [(d.code, d.line) for d in result.diagnostics]


def _own_only(seen: list) -> list[bool]:  # type: ignore[type-arg]
    return [all(torch.equal(g, o) for g, o in zip(grads, own)) for grads, own in seen]


def test_both_losses_before_both_steps_steps_the_discriminator_on_the_generators_gradient() -> None:
    buggy = _HEAD + _SAME_ITERATION.replace("{clear}", "")
    fixed = _HEAD + _SAME_ITERATION.replace("{clear}", "opt_d.zero_grad()\n        ")
    seen_buggy, d_buggy = _run(buggy)
    seen_fixed, d_fixed = _run(fixed)
    assert _own_only(seen_buggy) == [False, False, False]  # every step adds the generator's gradient
    assert _own_only(seen_fixed) == [True, True, True]
    assert not all(torch.equal(a, b) for a, b in zip(d_buggy, d_fixed))
    line = buggy.splitlines().index("        opt_d.step()") + 1
    assert _findings(buggy) == [("GF032", line)]
    assert _findings(fixed) == []


def test_clears_after_each_step_carry_the_generators_gradient_into_the_next_discriminator_step() -> None:
    buggy = _HEAD + _NEXT_ITERATION.replace("{clear}", "")
    fixed = _HEAD + _NEXT_ITERATION.replace("{clear}", "opt_d.zero_grad()\n        ")
    seen_buggy, d_buggy = _run(buggy)
    seen_fixed, d_fixed = _run(fixed)
    # the first step is clean; each later one carries the previous generator step's gradient
    assert _own_only(seen_buggy) == [True, False, False]
    assert _own_only(seen_fixed) == [True, True, True]
    assert not all(torch.equal(a, b) for a, b in zip(d_buggy, d_fixed))
    line = buggy.splitlines().index("        opt_d.step()") + 1
    assert _findings(buggy) == [("GF032", line)]
    assert _findings(fixed) == []


def test_the_fixtures_are_reported_once_at_a_discriminator_step() -> None:
    folder = Path(__file__).parent.parent / "before_after" / "GF032_generator_gradient_in_discriminator_step"
    paths = sorted(folder.glob("*.before.py"))
    assert len(paths) >= 5
    for path in paths:
        lines = path.read_text(encoding="utf-8").splitlines()
        found = _findings(path.read_text(encoding="utf-8"))
        assert len(found) == 1, (path.name, found)
        assert lines[found[0][1] - 1].strip().endswith(".step()"), (path.name, lines[found[0][1] - 1])


def test_an_accumulated_gan_is_gf032s_not_gf005s() -> None:
    """Both losses reach the critic in an accumulation window: GF005 stays silent (how the two
    were meant to be weighted is unknown), GF032 reports the critic's step."""
    folder = Path(__file__).parent.parent / "before_after" / "GF032_generator_gradient_in_discriminator_step"
    code = (folder / "accumulated_gan_steps_the_critic_on_the_generators_loss.before.py").read_text(encoding="utf-8")
    line = code.splitlines().index("        opt_c.step()") + 1
    assert _findings(code, frozenset({"GF005", "GF032"})) == [("GF032", line)]


_LIGHTNING = '''
import warnings

import torch
import torch.nn.functional as F
import pytorch_lightning as pl
from torch.utils.data import DataLoader, TensorDataset

warnings.filterwarnings("ignore")
torch.manual_seed(0)
seen = []  # the critic's gradient at each of its steps, and the gradient of its own loss alone


class Gan(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.gen = torch.nn.Linear(4, 4)
        self.critic = torch.nn.Linear(4, 1)

    def configure_optimizers(self):
        return [torch.optim.SGD(self.critic.parameters(), lr=0.1), torch.optim.SGD(self.gen.parameters(), lr=0.1)], []

    def training_step(self, batch, batch_idx):
        critic_opt, gen_opt = self.optimizers()
        z, real = batch
        fake = self.gen(z)
        critic_loss = F.relu(1 - self.critic(real)).mean() + F.relu(1 + self.critic(fake.detach())).mean()
        own = torch.autograd.grad(critic_loss, list(self.critic.parameters()), retain_graph=True)
        {clear}self.manual_backward(critic_loss)
        seen.append(([p.grad.clone() for p in self.critic.parameters()], own))
        critic_opt.step()
        critic_opt.zero_grad()
        gen_loss = -self.critic(fake).mean()
        self.manual_backward(gen_loss)
        gen_opt.step()
        gen_opt.zero_grad()


data = TensorDataset(torch.randn(12, 4), torch.randn(12, 4))
module = Gan()
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=1, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False, num_sanity_val_steps=0,
).fit(module, DataLoader(data, batch_size=4))
D = module.critic
'''


def test_a_lightning_manual_gan_carries_the_generators_gradient_into_the_next_critic_step() -> None:
    """Lightning's manual optimization clears nothing between two `training_step` calls
    (tests/libraries test_manual_optimization_does_not_clear), and `self.optimizers()` gives
    `configure_optimizers`' optimizers in its order: the critic's optimizer (first there) steps,
    from the second batch on, on the generator's gradient of the batch before as well."""
    buggy = _LIGHTNING.replace("{clear}", "")
    fixed = _LIGHTNING.replace("{clear}", "critic_opt.zero_grad()\n        ")
    seen_buggy, d_buggy = _run(buggy)
    seen_fixed, d_fixed = _run(fixed)
    assert _own_only(seen_buggy) == [True, False, False]
    assert _own_only(seen_fixed) == [True, True, True]
    assert not all(torch.equal(a, b) for a, b in zip(d_buggy, d_fixed))
    line = buggy.splitlines().index("        critic_opt.step()") + 1
    assert _findings(buggy) == [("GF032", line)]
    assert _findings(fixed) == []


_CRITIC_LOOP = """
def train(G, D, batches, n_critic=2):
    opt_g = torch.optim.SGD(G.parameters(), lr=0.1)
    opt_d = torch.optim.SGD(D.parameters(), lr=0.1)
    for z, real in batches:
        for _ in range(n_critic):
            fake = G(z).detach()
            d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake)).mean()
            own = torch.autograd.grad(d_loss, list(D.parameters()), retain_graph=True)
            {clear}d_loss.backward()
            seen.append(([p.grad.clone() for p in D.parameters()], own))
            opt_d.step()
            opt_d.zero_grad()
        opt_g.zero_grad()
        g_loss = -D(G(z)).mean()
        g_loss.backward()
        opt_g.step()


train(G, D, batches)
"""


def test_a_critic_loop_nested_in_the_iteration_takes_the_generators_gradient_into_its_first_step() -> None:
    """A WGAN-style critic trained `n_critic` times per generator update, each critic step
    cleared right after: the generator's backward writes into the critic, and the first critic
    step of the next iteration applies it (the later ones are clean). gradfix reads the nested
    critic loop with the iteration around it."""
    buggy = _HEAD + _CRITIC_LOOP.replace("{clear}", "")
    fixed = _HEAD + _CRITIC_LOOP.replace("{clear}", "opt_d.zero_grad()\n            ")
    seen_buggy, d_buggy = _run(buggy)
    seen_fixed, d_fixed = _run(fixed)
    assert _own_only(seen_buggy) == [True, True, False, True, False, True]
    assert _own_only(seen_fixed) == [True] * 6
    assert not all(torch.equal(a, b) for a, b in zip(d_buggy, d_fixed))
    line = buggy.splitlines().index("            opt_d.step()") + 1
    assert _findings(buggy) == [("GF032", line)]
    assert _findings(fixed) == []


_TUPLE_BUILDER = """
def make_optimizers(gen, disc):
    return torch.optim.SGD(gen.parameters(), lr=0.1), torch.optim.SGD(disc.parameters(), lr=0.1)


def train(G, D, batches):
    opt_g, opt_d = make_optimizers(G, D)
    for z, real in batches:
        fake = G(z)
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
        own = torch.autograd.grad(d_loss, list(D.parameters()), retain_graph=True)
        {clear}d_loss.backward()
        seen.append(([p.grad.clone() for p in D.parameters()], own))
        opt_d.step()
        opt_d.zero_grad()
        g_loss = -D(fake).mean()
        g_loss.backward()
        opt_g.step()
        opt_g.zero_grad()


train(G, D, batches)
"""


def test_optimizers_of_a_builder_returning_both_carry_the_generators_gradient_into_the_next_step() -> None:
    """`opt_g, opt_d = make_optimizers(G, D)`: a builder of the file returns both optimizers,
    each over the model it is handed; read through it, the loop is the next-iteration shape."""
    buggy = _HEAD + _TUPLE_BUILDER.replace("{clear}", "")
    fixed = _HEAD + _TUPLE_BUILDER.replace("{clear}", "opt_d.zero_grad()\n        ")
    seen_buggy, d_buggy = _run(buggy)
    seen_fixed, d_fixed = _run(fixed)
    assert _own_only(seen_buggy) == [True, False, False]
    assert _own_only(seen_fixed) == [True, True, True]
    assert not all(torch.equal(a, b) for a, b in zip(d_buggy, d_fixed))
    line = buggy.splitlines().index("        opt_d.step()") + 1
    assert _findings(buggy) == [("GF032", line)]
    assert _findings(fixed) == []


_LOSSES_HELPER = """
def compute_losses(gen, disc, z, real):
    fake = gen(z)
    g_loss = -disc(fake).mean()
    d_loss = F.relu(1 - disc(real)).mean() + F.relu(1 + disc(fake.detach())).mean()
    return g_loss, d_loss


def train(G, D, batches):
    opt_g = torch.optim.SGD(G.parameters(), lr=0.1)
    opt_d = torch.optim.SGD(D.parameters(), lr=0.1)
    for z, real in batches:
        g_loss, d_loss = compute_losses(G, D, z, real)
        own = torch.autograd.grad(d_loss, list(D.parameters()), retain_graph=True)
        opt_g.zero_grad()
        opt_d.zero_grad()
        g_loss.backward()
        {clear}d_loss.backward()
        seen.append(([p.grad.clone() for p in D.parameters()], own))
        opt_g.step()
        opt_d.step()


train(G, D, batches)
"""


def test_both_losses_returned_by_one_helper_step_the_discriminator_on_the_generators_gradient() -> None:
    """`g_loss, d_loss = compute_losses(G, D, z, real)`: the helper runs both models for the
    first loss and the discriminator alone (the fakes detached) for the second; read element by
    element, the loop is AOT-GAN's order. A helper whose second loss does not detach (one loss
    through both) is not that shape."""
    buggy = _HEAD + _LOSSES_HELPER.replace("{clear}", "")
    fixed = _HEAD + _LOSSES_HELPER.replace("{clear}", "opt_d.zero_grad()\n        ")
    seen_buggy, d_buggy = _run(buggy)
    seen_fixed, d_fixed = _run(fixed)
    assert _own_only(seen_buggy) == [False, False, False]
    assert _own_only(seen_fixed) == [True, True, True]
    assert not all(torch.equal(a, b) for a, b in zip(d_buggy, d_fixed))
    line = buggy.splitlines().index("        opt_d.step()") + 1
    assert _findings(buggy) == [("GF032", line)]
    assert _findings(fixed) == []
    joined = buggy.replace("disc(fake.detach())", "disc(fake)")
    assert _findings(joined) == []


_REGISTERED = """
import types

STEPS = {}


def register(name):
    def wrap(fn):
        STEPS[name] = fn
        return fn
    return wrap


@register("gan")
def gan_step(tr, z, real):
    fake = tr.G(z)
    d_loss = F.relu(1 - tr.D(real)).mean() + F.relu(1 + tr.D(fake.detach())).mean()
    own = torch.autograd.grad(d_loss, list(tr.D.parameters()), retain_graph=True)
    {clear}d_loss.backward()
    seen.append(([p.grad.clone() for p in tr.D.parameters()], own))
    tr.state.d_opt.step()
    tr.state.d_opt.zero_grad()
    g_loss = -tr.D(fake).mean()
    g_loss.backward()
    tr.state.g_opt.step()
    tr.state.g_opt.zero_grad()


class Trainer:
    def __init__(self, G, D, kind="gan"):
        self.G = G
        self.D = D
        self.kind = kind
        self.state = types.SimpleNamespace()
        self.state.g_opt = torch.optim.SGD(self.G.parameters(), lr=0.1)
        self.state.d_opt = torch.optim.SGD(self.D.parameters(), lr=0.1)

    def fit(self, batches):
        for z, real in batches:
            STEPS[self.kind](self, z, real)


Trainer(G, D).fit(batches)
"""


def test_a_registered_step_reading_the_trainers_state_carries_the_generators_gradient_into_the_next_step() -> None:
    """`STEPS[self.kind](self, z, real)`: the registered step is handed the trainer and reads
    its optimizers two attributes deep (`tr.state.d_opt`); read as the trainer's own, with the
    modules named as the step names them (`tr.D`)."""
    buggy = _HEAD + _REGISTERED.replace("{clear}", "")
    fixed = _HEAD + _REGISTERED.replace("{clear}", "tr.state.d_opt.zero_grad()\n    ")
    seen_buggy, d_buggy = _run(buggy)
    seen_fixed, d_fixed = _run(fixed)
    assert _own_only(seen_buggy) == [True, False, False]
    assert _own_only(seen_fixed) == [True, True, True]
    assert not all(torch.equal(a, b) for a, b in zip(d_buggy, d_fixed))
    line = buggy.splitlines().index("    tr.state.d_opt.step()") + 1
    assert _findings(buggy) == [("GF032", line)]
    assert _findings(fixed) == []
