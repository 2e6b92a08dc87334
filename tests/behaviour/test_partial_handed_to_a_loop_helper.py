"""Steps reached through a `functools.partial` handed straight to a loop helper
(`fit(functools.partial(train_step, net, opt), loader)`, the helper calling its parameter
`step_fn(x, y, scaler=scaler)`): GF029 builds the helper's per-epoch scaler once. A loss built
in the argument list (`functools.partial(train_step, net, opt, nn.CrossEntropyLoss())`):
GF018 drops the softmax it receives. Each fixed script trains exactly like its hand-fixed
twin; the buggy one trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand
from .test_steps_through_a_partial_or_an_object import HEAD, TAIL

pytest.importorskip("torch")

# (the same script head and tail as the named partials' and objects' tests)
SCALER_HELPER = HEAD + '''

def train_step(model, opt, x, y, scaler):
    opt.zero_grad()
    loss = F.mse_loss(model(x), 8.0 * y)
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    return loss.item()


def fit(batches, step_fn, epochs):
    epoch = 0
{before}    while epoch < epochs:
{inside}        for x, y in batches:
            losses.append(step_fn(x, y, scaler=scaler))
        epoch += 1


net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
solver = torch.optim.SGD(net.parameters(), lr=0.02, momentum=0.9)
fit(loader, functools.partial(train_step, net, solver), 3)
''' + TAIL

SOFTMAX_HELPER = HEAD + '''

def train_step(model, opt, criterion, x, y):
    opt.zero_grad()
    out = model(x)
{activation}    loss = criterion(out, y.argmax(1))
    loss.backward()
    opt.step()
    return loss.item()


def fit(batches, step_fn):
    for epoch in range(2):
        for x, y in batches:
            losses.append(step_fn(x, y))


net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
fit(loader, functools.partial(train_step, net, opt, nn.CrossEntropyLoss()))
''' + TAIL

BUILD = 'scaler = torch.amp.GradScaler("cpu", init_scale=2.0**123, growth_interval=3)\n'


def test_scaler_built_once_in_a_helper_handed_a_step_partial(tmp_path: Path) -> None:
    buggy = SCALER_HELPER.format(before="", inside="        " + BUILD)
    hand = SCALER_HELPER.format(before="    " + BUILD, inside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF029")


def test_softmax_dropped_before_a_loss_built_in_a_partial_handed_to_a_helper(tmp_path: Path) -> None:
    buggy = SOFTMAX_HELPER.format(activation="    out = F.softmax(out, dim=1)\n")
    hand = SOFTMAX_HELPER.format(activation="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")
