"""GF030: an optimizer rebuilt on every step of a DQN-like loop that also syncs a target network
(`target.load_state_dict(qnet.state_dict())` every few steps). Loading the trained network's
weights into another module is no new run: the fix moves the Adam before the loop and trains
like the hand fix (a `while` loop with other names for the second case)."""

from __future__ import annotations

from pathlib import Path

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
S, A, R, S2 = torch.randn(64, 4), torch.randint(0, 2, (64,)), torch.randn(64), torch.randn(64, 4)
losses = []
qnet = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
target = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
target.load_state_dict(qnet.state_dict())
{before}for step in range(12):
{inside}    idx = torch.arange(step * 4, step * 4 + 8) % 64
    q = qnet(S[idx]).gather(1, A[idx].unsqueeze(1)).squeeze(1)
    with torch.no_grad():
        y = R[idx] + 0.9 * target(S2[idx]).max(1).values
    loss = F.mse_loss(q, y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.item())
    if step % 4 == 3:
        target.load_state_dict(qnet.state_dict())

online = torch.nn.Linear(4, 2)
frozen = torch.nn.Linear(4, 2)
n = 0
{before2}while n < 10:
{inside2}    loss = F.mse_loss(online(S[n:n + 6]), frozen(S2[n:n + 6]).detach())
    opt.zero_grad()
    loss.backward()
    opt.step()
    losses.append(loss.item())
    n += 1
    if n % 3 == 0:
        frozen.load_state_dict(online.state_dict())

digest = hashlib.sha256()
for param in [*qnet.parameters(), *target.parameters(), *online.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

ADAM = "optimizer = torch.optim.Adam(qnet.parameters(), lr=0.01)\n"
SGD = "opt = torch.optim.SGD(online.parameters(), lr=0.05, momentum=0.9)\n"
BUGGY = SCRIPT.format(before="", inside="    " + ADAM, before2="", inside2="    " + SGD)
HAND = SCRIPT.format(before=ADAM, inside="", before2=SGD, inside2="")


def test_optimizer_hoisted_out_of_a_loop_that_syncs_a_target_network(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, BUGGY), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF030")
    assert fixed.read_text() == HAND
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
