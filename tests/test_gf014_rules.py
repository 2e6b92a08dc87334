"""GF014 (backward-through-stepped-graph) on small loops, case by case, and GF004 on later
backward calls over separate graphs.

The fixture pairs under tests/before_after show the main patterns; here each case changes one
thing about a loop the rule reports, to pin down what keeps it silent and what does not.
tests/behaviour/test_stepped_graph.py runs the fixtures with real torch.
"""

from __future__ import annotations

import textwrap

import pytest

from gradfix.runner import Options, process_source


def _codes(source: str, codes: frozenset[str] = frozenset({"GF014"})) -> list[tuple[str, int]]:
    data = textwrap.dedent(source).encode()
    result = process_source("case.py", data, Options(select=codes, unsafe_fixes=False, fix=False))
    assert result.error is None, result.error
    return [(d.code, d.line) for d in result.diagnostics]


def _messages(source: str) -> list[str]:
    data = textwrap.dedent(source).encode()
    result = process_source("case.py", data, Options(select=frozenset({"GF014"}), unsafe_fixes=False, fix=False))
    return [d.message for d in result.diagnostics]


# A GAN whose generator loss reuses the discriminator's scores after the discriminator's
# step; each case below edits one line of it.
BASE = """
    import torch

    def train(gen, disc, batches):
        g_opt = torch.optim.Adam(gen.parameters())
        d_opt = torch.optim.Adam(disc.parameters())
        for real in batches:
            g_opt.zero_grad()
            d_opt.zero_grad()
            fake = gen(torch.randn(real.size(0), 4))
            d_fake = disc(fake)
            d_loss = disc(real).mean() - d_fake.mean()
            d_loss.backward(retain_graph=True)
            d_opt.step()
            g_loss = -d_fake.mean()
            g_loss.backward()
            g_opt.step()
"""


def test_base_case_is_reported_at_the_later_backward_with_what_it_walks() -> None:
    assert _codes(BASE) == [("GF014", 16)]
    (message,) = _messages(BASE)
    assert message.startswith("`g_loss.backward()` backpropagates through `disc(fake)` (line 11)")
    assert "`d_opt.step()`" in message


def test_no_fix_is_offered() -> None:
    data = textwrap.dedent(BASE).encode()
    result = process_source("case.py", data, Options(select=frozenset({"GF014"}), unsafe_fixes=True, fix=True))
    assert [d.code for d in result.diagnostics] == ["GF014"]
    assert result.fixed is None


@pytest.mark.parametrize(
    "old,new",
    [
        # the optimizer stepped owns neither model
        ("d_opt = torch.optim.Adam(disc.parameters())", "d_opt = torch.optim.Adam(head.parameters())"),
        # no retain_graph: a different bug (walking a freed graph), not this rule's
        ("d_loss.backward(retain_graph=True)", "d_loss.backward()"),
        # the scores are detached: the later loss walks no kept graph
        ("g_loss = -d_fake.mean()", "g_loss = -d_fake.detach().mean() + fake.pow(2).mean()"),
        # scored again after the step
        ("g_loss = -d_fake.mean()", "g_loss = -disc(fake).mean()"),
        # an optimizer built elsewhere: what it owns is unknown
        ("d_opt = torch.optim.Adam(disc.parameters())", "d_opt = make_optimizer(disc)"),
        # the later backward runs only where the first one does not
        ("        g_loss = -d_fake.mean()\n        g_loss.backward()\n",
         "        else:\n            pass\n        g_loss = -d_fake.mean()\n        g_loss.backward()\n"),
    ],
    ids=["other_model_stepped", "no_retain_graph", "detached", "recomputed", "unknown_optimizer", "sentinel_else"],
)
def test_silent_when(old: str, new: str) -> None:
    source = textwrap.dedent(BASE)
    assert old in source
    mutated = source.replace(old, new)
    if "else:" in new:
        # put the first backward and the step under an `if` whose `else` holds the later one
        mutated = mutated.replace(
            "        d_loss.backward(retain_graph=True)\n        d_opt.step()\n",
            "        if real.sum() > 0:\n            d_loss.backward(retain_graph=True)\n            d_opt.step()\n",
        ).replace(
            "        else:\n            pass\n        g_loss = -d_fake.mean()\n        g_loss.backward()\n",
            "        else:\n            g_loss = -d_fake.mean()\n            g_loss.backward()\n",
        )
    assert mutated != source
    assert _codes(mutated) == []


def test_step_and_retaining_backward_under_a_branch_the_later_backward_follows() -> None:
    source = textwrap.dedent(BASE).replace(
        "        d_loss.backward(retain_graph=True)\n        d_opt.step()\n",
        "        if real.sum() > 0:\n            d_loss.backward(retain_graph=True)\n            d_opt.step()\n",
    )
    assert _codes(source) == [("GF014", 17)]


def test_scores_assigned_again_in_a_branch_after_the_step_keep_it_silent() -> None:
    source = textwrap.dedent(BASE).replace(
        "        g_loss = -d_fake.mean()\n",
        "        if real.sum() > 0:\n            d_fake = disc(fake)\n        g_loss = -d_fake.mean()\n",
    )
    assert _codes(source) == []


def test_autograd_grad_with_retain_graph_is_a_retaining_first_call() -> None:
    source = textwrap.dedent(BASE).replace(
        "d_loss.backward(retain_graph=True)", "grads = torch.autograd.grad(d_loss, list(disc.parameters()), retain_graph=True)"
    )
    assert _codes(source) == [("GF014", 16)]


def test_create_graph_keeps_the_graph_too() -> None:
    source = textwrap.dedent(BASE).replace("d_loss.backward(retain_graph=True)", "d_loss.backward(create_graph=True)")
    assert _codes(source) == [("GF014", 16)]


def test_optimizer_over_a_wrapped_model_and_forward_through_the_wrapper() -> None:
    source = textwrap.dedent(BASE).replace(
        "d_opt = torch.optim.Adam(disc.parameters())", "d_opt = torch.optim.Adam(disc.module.parameters())"
    )
    assert _codes(source) == [("GF014", 16)]


def test_optimizer_over_a_list_assigned_before() -> None:
    source = textwrap.dedent(BASE).replace(
        "d_opt = torch.optim.Adam(disc.parameters())",
        "params = [p for p in disc.parameters() if p.requires_grad]\n    d_opt = torch.optim.Adam(params)",
    )
    assert _codes(source) == [("GF014", 17)]


def test_state_on_self_is_told_apart_by_attribute() -> None:
    source = """
        import torch

        class Trainer:
            def __init__(self, gen, disc):
                self.gen, self.disc = gen, disc
                self.g_opt = torch.optim.Adam(self.gen.parameters())
                self.d_opt = torch.optim.Adam(self.disc.parameters())

            def fit(self, batches):
                for real in batches:
                    self.g_opt.zero_grad()
                    self.d_opt.zero_grad()
                    self.fake = self.gen(torch.randn(real.size(0), 4))
                    self.scores = self.disc(real)
                    d_loss = self.scores.mean() - self.disc(self.fake).mean()
                    d_loss.backward(retain_graph=True)
                    self.d_opt.step()
                    g_loss = -self.disc(self.fake).mean()
                    g_loss.backward()
                    self.g_opt.step()
    """
    # the generator's loss reads `self.fake` (the generator's forward), not `self.scores`
    assert _codes(source) == []
    assert _codes(source.replace("g_loss = -self.disc(self.fake).mean()", "g_loss = -self.scores.mean()")) == [
        ("GF014", 20)
    ]


def test_helper_that_steps_or_backpropagates_is_not_followed() -> None:
    source = textwrap.dedent(BASE).replace("        d_opt.step()\n", "        update(d_opt)\n")
    assert _codes(source) == []


GAN_G_FIRST = """
    import torch
    import torch.nn.functional as F

    def train(gen, disc, batches):
        g_opt = torch.optim.Adam(gen.parameters())
        d_opt = torch.optim.Adam(disc.parameters())
        for real in batches:
            ones = torch.ones(real.size(0), 1)
            fake = gen(torch.randn(real.size(0), 4))
            g_opt.zero_grad()
            g_loss = F.binary_cross_entropy_with_logits(disc(fake), ones)
            g_loss.backward(retain_graph=True)
            g_opt.step()
            d_opt.zero_grad()
            d_loss = F.binary_cross_entropy_with_logits(disc(real), ones) + disc(fake.detach()).mean()
            d_loss.backward()
            d_opt.step()
"""


def test_gf004_fires_when_the_only_later_backward_walks_a_separate_graph() -> None:
    assert _codes(GAN_G_FIRST, frozenset({"GF004", "GF014"})) == [("GF004", 13)]


@pytest.mark.parametrize(
    "old,new,expected",
    [
        # the discriminator's loss walks the generator's graph: retain_graph is needed (and
        # the generator stepped in between: GF014)
        ("disc(fake.detach()).mean()", "disc(fake).mean()", [("GF014", 17)]),
        # a name the later loss reads is assigned in a branch: it may hold the previous
        # iteration's value
        (
            "disc(fake.detach()).mean()",
            "disc(fake.detach()).mean() + extra.mean()\n        if real.sum() > 0:\n            extra = real * 2",
            [],
        ),
        # ... and a loop target assigned the fake batch in a branch: the generator's graph
        # (stepped in between: GF014)
        ("        d_opt.zero_grad()\n", "        d_opt.zero_grad()\n        if real.sum() > 0:\n            real = fake\n", [("GF014", 19)]),
        # something we cannot see into gets the generator's loss
        ("        g_opt.step()\n", "        g_opt.step()\n        probe(g_loss)\n", []),
        # the later backward sits in an inner loop
        ("        d_loss.backward()\n", "        for _ in range(2):\n            d_loss.backward()\n", []),
        # state on `self` both losses read: it may hold a graph built before the loop
        ("ones) + disc", "ones) + self.bias.mean() + disc", []),
    ],
    ids=["shared_fake", "branch_assignment", "loop_target_reassigned", "unseen_call", "inner_loop", "self_state"],
)
def test_gf004_stays_silent_when(old: str, new: str, expected: list[tuple[str, int]]) -> None:
    source = textwrap.dedent(GAN_G_FIRST)
    assert old in source
    if "self.bias" in new:  # both losses read it
        source = source.replace("disc(fake), ones)", "disc(fake) + self.bias, ones)")
    assert _codes(source.replace(old, new), frozenset({"GF004", "GF014"})) == expected


def test_gf004_leaves_a_split_backward_to_gf003() -> None:
    source = """
        import torch

        def train(model_a, model_b, batches):
            opt = torch.optim.SGD(list(model_a.parameters()) + list(model_b.parameters()), lr=0.1)
            for x, y in batches:
                opt.zero_grad()
                loss_a = (model_a(x) - y).pow(2).mean()
                loss_b = (model_b(x) - y).pow(2).mean()
                loss_a.backward(retain_graph=True)
                loss_b.backward()
                opt.step()
    """
    assert _codes(source, frozenset({"GF004"})) == []
    assert _codes(source, frozenset({"GF003", "GF004"})) == [("GF003", 10)]


def test_gf004_follows_closures_and_functions_of_the_file() -> None:
    # the discriminator's loss comes from a lambda made in the iteration that reads `fake`
    lam = textwrap.dedent(GAN_G_FIRST).replace(
        "        d_loss = F.binary_cross_entropy_with_logits(disc(real), ones) + disc(fake.detach()).mean()\n",
        "        d_loss_fn = lambda: disc(fake).mean()\n        d_loss = d_loss_fn()\n",
    )
    assert _codes(lam, frozenset({"GF004"})) == []
    # a module-level loop and a function of the file reading the global `fake`
    script = """
        import torch

        gen, disc = make_models()
        g_opt = torch.optim.Adam(gen.parameters())
        d_opt = torch.optim.Adam(disc.parameters())

        def discriminator_loss(real):
            return disc(real).mean() - disc(fake).mean()

        for real in loader:
            fake = gen(torch.randn(real.size(0), 4))
            g_opt.zero_grad()
            g_loss = -disc(fake).mean()
            g_loss.backward(retain_graph=True)
            g_opt.step()
            d_opt.zero_grad()
            d_loss = discriminator_loss(real)
            d_loss.backward()
            d_opt.step()
    """
    # GF004 stays silent; GF014 sees the generator's stale forward through the function
    assert _codes(script, frozenset({"GF004", "GF014"})) == [("GF014", 19)]
    # the same with `fake.detach()` in the function: separate graphs
    detached = script.replace("disc(fake).mean()\n\n", "disc(fake.detach()).mean()\n\n")
    assert detached != script
    assert _codes(detached, frozenset({"GF004", "GF014"})) == [("GF004", 15)]


def test_gf004_follows_methods_reading_state_on_self() -> None:
    source = """
        import torch

        class GAN:
            def __init__(self, gen, disc):
                self.gen, self.disc = gen, disc
                self.g_opt = torch.optim.Adam(gen.parameters())
                self.d_opt = torch.optim.Adam(disc.parameters())

            def d_loss(self, real):
                return self.disc(real).mean() - self.disc(self.fake).mean()

            def fit(self, loader):
                for real in loader:
                    self.fake = self.gen(torch.randn(real.size(0), 4))
                    self.g_opt.zero_grad()
                    g_loss = -self.disc(self.fake).mean()
                    g_loss.backward(retain_graph=True)
                    self.g_opt.step()
                    self.d_opt.zero_grad()
                    loss = self.d_loss(real)
                    loss.backward()
                    self.d_opt.step()
    """
    # through the method the later loss walks `self.fake`: the generator's stale graph
    assert _codes(source, frozenset({"GF004", "GF014"})) == [("GF014", 22)]


# Without `retain_graph=True`: the actor's loss, scored by the critic before the critic's step
# and backpropagated after it (sweep42a, an RL repository's recurrent DPG update).
UNRETAINED = """
    import torch

    def update(actor, critic, batches):
        actor_opt = torch.optim.Adam(actor.parameters())
        critic_opt = torch.optim.Adam(critic.parameters())
        i = 0
        while i < len(batches):
            obs, ret = batches[i]
            critic_loss = (critic(obs) - ret).pow(2).mean()
            actor_loss = -critic(actor(obs)).mean()
            critic_opt.zero_grad()
            critic_loss.backward()
            critic_opt.step()
            actor_opt.zero_grad()
            actor_loss.backward()
            actor_opt.step()
            i += 1
"""


def test_loss_scored_before_another_optimizer_steps_is_reported_without_retain_graph() -> None:
    assert _codes(UNRETAINED) == [("GF014", 16)]
    (message,) = _messages(UNRETAINED)
    assert message.startswith("`actor_loss.backward()` backpropagates through `critic(actor(obs))` (line 11)")
    assert "retain_graph" not in message


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # scored again after the critic's step
        ("        actor_opt.zero_grad()\n", "        actor_loss = -critic(actor(obs)).mean()\n        actor_opt.zero_grad()\n"),
        # the actor's loss scored by a copy the critic's optimizer does not own
        ("-critic(actor(obs))", "-critic_copy(actor(obs))"),
        # the critic's part cut off
        ("-critic(actor(obs)).mean()", "-critic(actor(obs)).detach().mean() * 0 + actor(obs).mean()"),
        # the critic's loss walked the same forward first (another error: a freed graph)
        (
            "        critic_loss = (critic(obs) - ret).pow(2).mean()\n        actor_loss = -critic(actor(obs)).mean()\n",
            "        q = critic(actor(obs))\n        critic_loss = (q - ret).pow(2).mean()\n        actor_loss = -q.mean()\n",
        ),
    ],
    ids=["scored_after_step", "other_model", "detached", "walked_by_an_earlier_backward"],
)
def test_unretained_silent_when(old: str, new: str) -> None:
    source = textwrap.dedent(UNRETAINED)
    assert old in source
    mutated = source.replace(old, new, 1)
    assert _codes(mutated) == []


# A module holding both GAN halves; `self(x)` runs the class's own `forward`, here the
# generator alone, and the discriminator's loss keeps a graph that reads `forward`'s offsets.
SELF_FORWARD = """
    import torch
    from torch import nn

    def crop(rows, starts):
        return torch.stack([row[s : s + 4] for row, s in zip(rows, starts)])

    class Vocoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.generator = nn.Linear(8, 8)
            self.discriminator = nn.Linear(4, 1)

        def forward(self, x):
            wave = self.generator(x)
            return wave, wave.detach().argmax(dim=1)

        def fit(self, batches):
            opt_g = torch.optim.Adam(self.generator.parameters())
            opt_d = torch.optim.Adam(self.discriminator.parameters())
            for x, real in batches:
                fake, starts = self(x)
                d_loss = self.discriminator(crop(fake.detach(), starts)).mean() - self.discriminator(crop(real, starts)).mean()
                opt_d.zero_grad()
                d_loss.backward(retain_graph=True)
                opt_d.step()
                g_loss = -self.discriminator(crop(fake, starts)).mean()
                opt_g.zero_grad()
                g_loss.backward()
                opt_g.step()
"""


def test_self_forward_running_the_generator_alone_is_silent() -> None:
    assert _codes(SELF_FORWARD) == []


@pytest.mark.parametrize(
    "old,new",
    [
        # `forward` scores with the discriminator too
        ("        wave = self.generator(x)\n", "        wave = self.generator(x) + 0 * self.discriminator(x[:, :4])\n"),
        # ... through a method of the class
        (
            "        wave = self.generator(x)\n",
            "        wave = self.generator(x) + 0 * self.judge(x)\n\n    def judge(self, x):\n        return self.discriminator(x[:, :4])\n\n    def _unused(self, x):\n        wave = x\n",
        ),
        # the modules `forward` runs are picked by name: unclear, read as every module of `self`
        ("        wave = self.generator(x)\n", "        wave = getattr(self, 'generator')(x)\n"),
        # `forward` is inherited: unread, every module of `self`
        ("    def forward(self, x):\n", "    def predict(self, x):\n"),
    ],
    ids=["forward_runs_the_discriminator", "through_a_method", "getattr", "no_forward_of_its_own"],
)
def test_self_forward_reported_when(old: str, new: str) -> None:
    source = textwrap.dedent(SELF_FORWARD)
    assert old in source
    mutated = source.replace(old, new, 1)
    later = next(n for n, line in enumerate(mutated.splitlines(), 1) if "g_loss.backward()" in line)
    assert _codes(mutated) == [("GF014", later)]
