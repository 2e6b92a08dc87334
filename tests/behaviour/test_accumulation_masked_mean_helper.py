"""GF005 when the loss comes from a helper of the module that divides by a tensor's sum (a
masked mean over tokens, `(err * keep).sum() / keep.sum()`, as MetaICL's `run_model` does):
that counts kept elements, not micro-batches, so the helper does not scale the loss for the
window and the loop's backward is divided by the accumulation count. The fixed script trains
exactly like the hand fix, not like the buggy one. Also as a method with a global step count
and `torch.sum(..., axis=1)`."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

FUNCTION = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
net = torch.nn.Linear(6, 3)
optimizer = torch.optim.SGD(net.parameters(), lr=0.3, momentum=0.9)
accum = 3
loader = [(torch.randn(5, 6), torch.randn(5, 3), (torch.rand(5) > 0.3).float() + 0.0) for _ in range(6)]


def masked_mse(pred, target, keep):
    err = F.mse_loss(pred, target, reduction="none").mean(-1)
    return (err * keep).sum() / (keep.sum())


losses = []
for i, (x, y, keep) in enumerate(loader):
    loss = masked_mse(net(x), y, keep)
    {backward}
    if (i + 1) % accum == 0:
        optimizer.step()
        optimizer.zero_grad()
    losses.append(loss.item())
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

METHOD = '''import hashlib
import json

import torch
import torch.nn.functional as F


class TokenTrainer:
    def __init__(self):
        self.model = torch.nn.Linear(4, 4)
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=0.05)
        self.losses = []

    def run_model(self, x, target, mask):
        losses = F.mse_loss(self.model(x), target, reduction="none").mean(-1)
        return torch.sum(losses * mask, axis=1) / torch.sum(mask, axis=1)

    def do_train(self, batches, num_training_steps, gradient_accumulation_steps=2):
        global_step = 0
        for epoch in range(num_training_steps):
            for x, target, mask in batches:
                global_step += 1
                loss = self.run_model(x, target, mask).mean()
                {backward}
                if global_step % gradient_accumulation_steps == 0:
                    self.optimizer.step()
                    self.model.zero_grad()
                self.losses.append(loss.item())
                if global_step == num_training_steps:
                    break
            if global_step == num_training_steps:
                break


torch.manual_seed(1)
torch.set_num_threads(1)
batches = [(torch.randn(2, 3, 4), torch.randn(2, 3, 4), torch.ones(2, 3)) for _ in range(3)]
trainer = TokenTrainer()
trainer.do_train(batches, 8)
digest = hashlib.sha256()
for param in trainer.model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": trainer.losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_masked_mean_helper_is_no_window_division(tmp_path: Path) -> None:
    buggy = FUNCTION.format(backward="loss.backward()")
    hand = FUNCTION.format(backward="(loss / accum).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")


def test_masked_mean_method_with_a_global_step(tmp_path: Path) -> None:
    buggy = METHOD.format(backward="loss.backward()")
    hand = METHOD.format(backward="(loss / gradient_accumulation_steps).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
