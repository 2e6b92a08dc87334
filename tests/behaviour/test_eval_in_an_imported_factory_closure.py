"""GF017 through a factory imported from another module of the project (`from engine import
make_steps`) that returns the functions it defines (`run_epoch, evaluate = make_steps(net,
opt, ...)`), the evaluating one switching the caller's module to eval mode and nothing
switching it back: every epoch after the first trains with the dropout off. gradfix's fix
(`<module>.train()` after the evaluation, in the script; engine.py untouched) is the hand fix's
text, trains exactly like it, and the buggy script trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

ENGINE = '''import torch
import torch.nn.functional as F

LOSSES = []


def make_steps(model, opt, loader, val_loader):
    def run_epoch():
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(x), y)
            LOSSES.append(loss.item())
            loss.backward()
            opt.step()

    def evaluate():
        model.eval()
        with torch.no_grad():
            return sum(F.cross_entropy(model(x), y).item() for x, y in val_loader)

    return run_epoch, evaluate
'''

HEAD = '''import hashlib
import json

import torch
from torch import nn

from engine import LOSSES, make_steps

torch.manual_seed(0)
torch.set_num_threads(1)
batches = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)]
'''

TAIL = '''
digest = hashlib.sha256()
for param in NET.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": LOSSES, "weights_sha256": digest.hexdigest()}))
'''

MODULE_LOOP = '''
NET = nn.Sequential(nn.Linear(6, 24), nn.Dropout(0.4), nn.ReLU(), nn.Linear(24, 3))
opt = torch.optim.SGD(NET.parameters(), lr=0.1)
run_epoch, evaluate = make_steps(NET, opt, batches, batches)
for epoch in range(3):
    run_epoch()
    evaluate()
BACK'''

FUNCTION_WHILE = '''

def fit(network, data, rounds):
    adam = torch.optim.Adam(network.parameters(), lr=1e-2)
    learn, measure = make_steps(network, adam, loader=data, val_loader=data)
    r = 0
    while r < rounds:
        learn()
        measure()
BACK        r += 1


NET = nn.Sequential(nn.Linear(6, 16), nn.Dropout(0.5), nn.Tanh(), nn.Linear(16, 3))
fit(NET, batches, 3)
'''

SHAPES = {
    "tuple_unpacked_at_module_level_for_loop": (MODULE_LOOP, "    NET.train()\n"),
    "renamed_closures_in_a_function_while_loop": (FUNCTION_WHILE, "        network.train()\n"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_eval_in_an_imported_factory_closure_is_switched_back(tmp_path: Path, shape: str) -> None:
    body, back = SHAPES[shape]
    script = HEAD + body
    buggy = script.replace("BACK", "") + TAIL
    hand = script.replace("BACK", back) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017", others={"engine.py": ENGINE})
