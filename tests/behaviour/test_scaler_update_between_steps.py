"""GF034 (safe fix): one scaled backward fills two optimizers' gradients and `scaler.update()`
runs between their `scaler.step()` calls. Run with real torch (a CPU `GradScaler` that grows
its scale after every clean step, `growth_interval=1`, and a batch that overflows once), the
rewritten loop (gradfix's fix moves the update after the last step) trains exactly like the
loop fixed by hand (one update after both steps), and the buggy loop trains differently."""

from __future__ import annotations

import torch

from gradfix.runner import Options, process_source

_HEAD = """
import torch
torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
centers = torch.nn.Parameter(torch.randn(2, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
optimizer_center = torch.optim.SGD([centers], lr=0.5)
scaler = torch.amp.GradScaler("cpu", init_scale=8.0, growth_interval=1)
batches = [torch.randn(8, 4) for _ in range(5)]
batches[2] = batches[2] * 1e36  # overflows once: the scale backs off on that step
"""
# the trainer's shape: the centers' optimizer stepped under an `if`, its gradient rescaled by hand
_IF = """
def train(use_center, center_weight):
    for x in batches:
        optimizer.zero_grad()
        optimizer_center.zero_grad()
        feat = model(x)
        loss = feat.pow(2).mean()
        if use_center:
            loss = loss + center_weight * (feat - centers[0]).pow(2).mean()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
{between}        if use_center:
            for param in [centers]:
                param.grad.data *= 1.0 / center_weight
            scaler.step(optimizer_center)
{inner}{after}

train({use_center}, 0.5)
result = [p.detach().clone() for p in (*model.parameters(), centers)] + [torch.tensor(scaler.get_scale())]
"""
_BLOCK = """
class Trainer:
    def __init__(self):
        self.grad_scaler = scaler

    def train_step(self, x):
        optimizer.zero_grad()
        optimizer_center.zero_grad()
        feat = model(x)
        scaled = self.grad_scaler.scale(feat.pow(2).mean() + (feat - centers[0]).pow(2).mean())
        scaled.backward()
        self.grad_scaler.step(optimizer)
{between}        self.grad_scaler.step(optimizer_center)
{after}

trainer = Trainer()
i = 0
while i < len(batches):
    trainer.train_step(batches[i])
    i += 1
result = [p.detach().clone() for p in (*model.parameters(), centers)] + [torch.tensor(scaler.get_scale())]
"""
_LOOP = """
optimizers = [optimizer, optimizer_center]
for x in batches:
    for opt in optimizers:
        opt.zero_grad()
    feat = model(x)
    scaler.scale(feat.pow(2).mean() + (feat - centers[0]).pow(2).mean()).backward()
    for opt in optimizers:
        scaler.step(opt)
{inner}{after}
result = [p.detach().clone() for p in (*model.parameters(), centers)] + [torch.tensor(scaler.get_scale())]
"""


def _run(code: str) -> list[torch.Tensor]:
    scope: dict[str, object] = {}
    threads = torch.get_num_threads()
    try:
        exec(compile(code, "<gf034>", "exec"), scope)
    finally:
        torch.set_num_threads(threads)
    return scope["result"]  # type: ignore[return-value]


def _fixed(code: str, unsafe: bool = False) -> str:
    result = process_source("gf034.py", code.encode(), Options(select=frozenset({"GF034"}), unsafe_fixes=unsafe, fix=True))
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == ["GF034"]
    assert result.fixed is not None and result.fixed != code.encode()
    again = process_source("gf034.py", result.fixed, Options(select=frozenset({"GF034"}), unsafe_fixes=unsafe, fix=True))
    assert again.diagnostics == []
    return result.fixed.decode()


def _same(a: list[torch.Tensor], b: list[torch.Tensor]) -> bool:
    return all(torch.equal(x, y) for x, y in zip(a, b)) and len(a) == len(b)


def test_center_step_under_an_if_trains_like_the_hand_fix() -> None:
    update = "        scaler.update()\n"
    for use_center in (True, False):
        buggy = _HEAD + _IF.format(between=update, inner="    " + update, after="", use_center=use_center)
        hand = _HEAD + _IF.format(between="", inner="", after=update.rstrip("\n"), use_center=use_center)
        fixed = _fixed(buggy)
        assert _same(_run(fixed), _run(hand))
        if use_center:
            assert not _same(_run(buggy), _run(hand))
        else:  # without the centers' step the scaler updates once either way
            assert _same(_run(buggy), _run(hand))


def test_two_steps_in_one_block_train_like_the_hand_fix() -> None:
    update = "        self.grad_scaler.update()\n"
    buggy = _HEAD + _BLOCK.format(between=update, after="")
    hand = _HEAD + _BLOCK.format(between="", after=update.rstrip("\n"))
    fixed = _fixed(buggy)
    assert _same(_run(fixed), _run(hand))
    assert not _same(_run(buggy), _run(hand))


def test_update_in_a_loop_over_optimizers_trains_like_the_hand_fix() -> None:
    buggy = _HEAD + _LOOP.format(inner="        scaler.update()\n", after="")
    hand = _HEAD + _LOOP.format(inner="", after="    scaler.update()")
    result = process_source("gf034.py", buggy.encode(), Options(select=frozenset({"GF034"}), unsafe_fixes=False, fix=True))
    assert [d.code for d in result.diagnostics] == ["GF034"] and result.fixed in (None, buggy.encode())  # unsafe only
    fixed = _fixed(buggy, unsafe=True)
    assert _same(_run(fixed), _run(hand))
    assert not _same(_run(buggy), _run(hand))


# the first update guarded by `if scaler.is_enabled():` (a while loop, the scaler an attribute)
_GUARDED = """
class Trainer:
    def __init__(self):
        self.scaler = scaler

    def fit(self):
        i = 0
        while i < len(batches):
            optimizer.zero_grad()
            optimizer_center.zero_grad()
            feat = model(batches[i])
            self.scaler.scale(feat.pow(2).mean() + (feat - centers[0]).pow(2).mean()).backward()
            self.scaler.step(optimizer)
{between}            self.scaler.step(optimizer_center)
            self.scaler.update()
            i += 1


Trainer().fit()
result = [p.detach().clone() for p in (*model.parameters(), centers)] + [torch.tensor(scaler.get_scale())]
"""
# the first step and its update under an `if`, the other optimizer stepped after it
_FIRST_IN_IF = """
def train(use_center):
    for x in batches:
        optimizer.zero_grad()
        optimizer_center.zero_grad()
        feat = model(x)
        loss = feat.pow(2).mean() + (feat - centers[0]).pow(2).mean()
        scaler.scale(loss).backward()
        if use_center:
            scaler.step(optimizer_center)
{inner}        scaler.step(optimizer)
        scaler.update()


train({use_center})
result = [p.detach().clone() for p in (*model.parameters(), centers)] + [torch.tensor(scaler.get_scale())]
"""


def test_update_guarded_by_is_enabled_trains_like_the_hand_fix() -> None:
    guard = "            if self.scaler.is_enabled():\n                self.scaler.update()\n"
    buggy = _HEAD + _GUARDED.format(between=guard)
    hand = _HEAD + _GUARDED.format(between="")
    fixed = _fixed(buggy)
    assert _same(_run(fixed), _run(hand))
    assert not _same(_run(buggy), _run(hand))


def test_first_step_and_update_under_an_if_train_like_the_hand_fix() -> None:
    for use_center in (True, False):
        buggy = _HEAD + _FIRST_IN_IF.format(inner="            scaler.update()\n", use_center=use_center)
        hand = _HEAD + _FIRST_IN_IF.format(inner="", use_center=use_center)
        fixed = _fixed(buggy)
        assert _same(_run(fixed), _run(hand))
        if use_center:
            assert not _same(_run(buggy), _run(hand))
        else:  # the `if` does not run: one update either way
            assert _same(_run(buggy), _run(hand))


# the update inside a helper called once per optimizer (a method, a function handed the scaler in a
# `while` loop followed by a direct step, a module function called in a loop over optimizers)
_HELPER_METHOD = """
class Trainer:
    def __init__(self):
        self.scaler = scaler

    def _apply(self, opt):
        self.scaler.unscale_(opt)
        torch.nn.utils.clip_grad_norm_([p for g in opt.param_groups for p in g["params"]], 5.0)
        self.scaler.step(opt)
{inner}
    def train_step(self, x):
        optimizer.zero_grad()
        optimizer_center.zero_grad()
        feat = model(x)
        self.scaler.scale(feat.pow(2).mean() + (feat - centers[0]).pow(2).mean()).backward()
        self._apply(optimizer)
        self._apply(optimizer_center)
{after}

trainer = Trainer()
for x in batches:
    trainer.train_step(x)
result = [p.detach().clone() for p in (*model.parameters(), centers)] + [torch.tensor(scaler.get_scale())]
"""
_HELPER_FUNCTION = """
def step_and_update(amp, opt):
    amp.step(opt)
{inner}

it = iter(batches)
while (x := next(it, None)) is not None:
    optimizer.zero_grad()
    optimizer_center.zero_grad()
    feat = model(x)
    scaler.scale(feat.pow(2).mean() + (feat - centers[0]).pow(2).mean()).backward()
    step_and_update(scaler, optimizer)
    scaler.step(optimizer_center)
    scaler.update()
result = [p.detach().clone() for p in (*model.parameters(), centers)] + [torch.tensor(scaler.get_scale())]
"""
_HELPER_LOOP = """
def step_one(opt):
    scaler.step(opt)
{inner}

for x in batches:
    for opt in (optimizer, optimizer_center):
        opt.zero_grad()
    feat = model(x)
    scaler.scale(feat.pow(2).mean() + (feat - centers[0]).pow(2).mean()).backward()
    for opt in (optimizer, optimizer_center):
        step_one(opt)
{after}
result = [p.detach().clone() for p in (*model.parameters(), centers)] + [torch.tensor(scaler.get_scale())]
"""


def test_update_in_a_helper_called_per_optimizer_trains_like_the_hand_fix() -> None:
    cases = (
        (_HELPER_METHOD, "        self.scaler.update()\n", "        self.scaler.update()"),
        (_HELPER_FUNCTION, "    amp.update()", ""),
        (_HELPER_LOOP, "    scaler.update()", "    scaler.update()"),
    )
    for template, inner, after in cases:
        buggy = _HEAD + template.format(inner=inner, after="")
        hand = _HEAD + template.format(inner="", after=after)
        safe = process_source("gf034.py", buggy.encode(), Options(select=frozenset({"GF034"}), unsafe_fixes=False, fix=True))
        assert [d.code for d in safe.diagnostics] == ["GF034"] and safe.fixed is None  # unsafe only
        fixed = _fixed(buggy, unsafe=True)
        assert _same(_run(fixed), _run(hand))
        assert not _same(_run(buggy), _run(hand))
        assert process_source("gf034.py", hand.encode(), Options(select=frozenset({"GF034"}), fix=False)).diagnostics == []
