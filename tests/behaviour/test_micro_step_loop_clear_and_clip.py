"""nanoGPT's accumulation shape, `for micro_step in range(N):` backpropagating each micro-batch
and the step after the inner loop, with two bugs the flat loop already had found:
- GF002: `optimizer.zero_grad()` between the micro-step loop and `step()` wipes the window's
  gradients (the weights never move); the fix clears at the top of the iteration instead;
- GF013: the clip after the micro-step loop runs on gradients still multiplied by the loss
  scale (a CPU `GradScaler` with scale 1024 here); the fix unscales first;
- GF011: `optimizer.zero_grad()` inside the micro-step loop wipes the micro-batches before the
  last one; the fix clears once, right before the micro-step loop (also in a step function
  called once per batch, each of two optimizers' clears).
Each fixed script trains exactly like the hand fix, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
gradient_accumulation_steps = 4
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(24)]
batches = iter(data)
losses = []
'''
TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

CLEAR = HEAD + '''for it in range(6):
{top}    for micro_step in range(gradient_accumulation_steps):
        x, y = next(batches)
        loss = nn.functional.mse_loss(model(x), y) / gradient_accumulation_steps
        loss.backward()
        losses.append(loss.item())
{bottom}    optimizer.step()
''' + TAIL

CLIP = HEAD.replace("losses = []", 'scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)\nlosses = []') + '''for it in range(6):
    for micro_step in range(gradient_accumulation_steps):
        x, y = next(batches)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = nn.functional.mse_loss(model(x).float(), y) / gradient_accumulation_steps
        scaler.scale(loss).backward()
        losses.append(loss.item())
{unscale}    torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)
''' + TAIL


def _fill(template: str, **parts: str) -> str:
    for name, text in parts.items():
        template = template.replace("{" + name + "}", text)
    return template


def test_clear_before_the_step_moves_to_the_top_of_the_iteration(tmp_path: Path) -> None:
    clear = "    optimizer.zero_grad(set_to_none=True)\n"
    buggy = _fill(CLEAR, top="", bottom=clear)
    hand = _fill(CLEAR, top=clear, bottom="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")


INSIDE = HEAD + '''for it in range(6):
{top}    for micro_step in range(gradient_accumulation_steps):
        x, y = next(batches)
{inner}        loss = nn.functional.mse_loss(model(x), y) / gradient_accumulation_steps
        loss.backward()
        losses.append(loss.item())
    optimizer.step()
''' + TAIL


def test_clear_inside_the_micro_step_loop_moves_before_it(tmp_path: Path) -> None:
    buggy = _fill(INSIDE, top="", inner="        optimizer.zero_grad(set_to_none=True)\n")
    hand = _fill(INSIDE, top="    optimizer.zero_grad(set_to_none=True)\n", inner="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")


def test_clip_after_the_micro_step_loop_unscales_first(tmp_path: Path) -> None:
    buggy = _fill(CLIP, unscale="")
    hand = _fill(CLIP, unscale="    scaler.unscale_(optimizer)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF013")


# the micro-step loop inside a step function called once per batch, clearing two optimizers
# (fix68-H): each clear moves before the micro-step loop, in the function
HELPER = HEAD.replace("losses = []", "head = nn.Linear(1, 1)\nhead_optimizer = torch.optim.SGD(head.parameters(), lr=0.05)\nlosses = []") + '''

def train_step(net, top, opt, top_opt, accum):
{top}    for micro in range(accum):
{inner}        x, y = next(batches)
        loss = nn.functional.mse_loss(top(net(x)), y) / accum
        loss.backward()
        losses.append(loss.item())
    opt.step()
    top_opt.step()


for it in range(6):
    train_step(model, head, optimizer, head_optimizer, gradient_accumulation_steps)
''' + TAIL


def test_two_clears_inside_the_micro_step_loop_of_a_step_function_move_before_it(tmp_path: Path) -> None:
    clears = "opt.zero_grad(set_to_none=True)\n{pad}top_opt.zero_grad(set_to_none=True)\n"
    buggy = _fill(HELPER, top="", inner="        " + clears.format(pad="        "))
    hand = _fill(HELPER, top="    " + clears.format(pad="    "), inner="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")
