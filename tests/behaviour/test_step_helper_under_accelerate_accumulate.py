"""GF001 and GF002 on a step function of another module (`train.py`, run through the loop of
`main.py` that imports it) that a loop runs inside
`with accelerator.accumulate(model):`. At the helper's top the clear would run on each window's
last micro-batch before its backward (Accelerate's prepared optimizer clears when
`sync_gradients` is True, which it is there) and wipe the window; the fixes put it right after
the helper's `optimizer.step()`, which, like the clear, acts only at a window's end. With real
Accelerate on CPU, each fixed project trains exactly like its hand fix, and the buggy one
otherwise. The caller's file stays as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
pytest.importorskip("accelerate")

STEP = '''import torch.nn.functional as F


def training_step(accelerator, net, opt, batch):
    x, y = batch
    loss = F.mse_loss(net(x), y)
    accelerator.backward(loss)
BODY    return loss.item()


if __name__ == "__main__":
    import main  # noqa: F401  (the loop that runs this step inside `accelerator.accumulate`)
'''

MAIN = '''import hashlib
import json

import torch
from accelerate import Accelerator

from train import training_step

torch.manual_seed(0)
torch.set_num_threads(1)
data = torch.randn(40, 4)
targets = data @ torch.randn(4, 1)
batches = [(data[i : i + 4], targets[i : i + 4]) for i in range(0, 40, 4)]
accelerator = Accelerator(cpu=True, gradient_accumulation_steps=3)
net = torch.nn.Linear(4, 1)
net, opt = accelerator.prepare(net, torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9))
losses = []
for epoch in range(2):
    for batch in batches:
        with accelerator.accumulate(net):
            losses.append(training_step(accelerator, net, opt, batch))
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

CASES = {
    # rule: (the helper's end as written, as fixed by hand)
    "GF001": ("    opt.step()\n", "    opt.step()\n    opt.zero_grad(set_to_none=True)\n"),
    "GF002": ("    opt.zero_grad()\n    opt.step()\n", "    opt.step()\n    opt.zero_grad()\n"),
}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_the_helper_clears_after_its_step(rule: str, tmp_path: Path) -> None:
    buggy, hand = CASES[rule]
    # the helper is the file gradfix rewrites (and runs, through main.py); the loop calling it
    # inside `accumulate` is beside it
    assert_fixed_like_hand(
        tmp_path, STEP.replace("BODY", buggy), STEP.replace("BODY", hand), "--select", rule, others={"main.py": MAIN}
    )
