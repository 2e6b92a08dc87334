"""Names a training script takes from another module of the project with `from .engine import *`
are read as if imported by name: a step function (GF001 in its module), an evaluation helper
that leaves the model in eval mode (GF017, fixed in the script), a helper whose module says no
gradient word (it cannot clear or step: GF006 is not silenced by it)."""

from __future__ import annotations

from pathlib import Path

from conftest import run_gradfix

ENGINE = """import torch.nn.functional as F


def train_step(model, batch, opt):
    x, y = batch
    loss = F.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()
"""

EVALUATION = """import torch
import torch.nn.functional as F


def validate(model, batches):
    model.eval()
    with torch.no_grad():
        return sum(F.mse_loss(model(x), y).item() for x, y in batches)
"""

SCHEDULE = """def set_lr(optimizer, lr):
    for group in optimizer.param_groups:
        group["lr"] = lr
"""

STEPS = """import torch
from torch import nn

from .engine import *

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
for epoch in range(3):
    for batch in batches:
        train_step(model, batch, opt)
"""

VALIDATES = """import torch
import torch.nn.functional as F
from torch import nn

from .evaluation import *

model = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.3), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
for epoch in range(3):
    for x, y in batches:
        opt.zero_grad()
        F.mse_loss(model(x), y).backward()
        opt.step()
    score = validate(model, batches)
"""

ACCUMULATES = """import torch
import torch.nn.functional as F
from torch import nn

from .schedule import *

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(7)]
for epoch in range(3):
    for i, (x, y) in enumerate(batches):
        (F.mse_loss(model(x), y) / 4).backward()
        if (i + 1) % 4 == 0:
            opt.step()
            opt.zero_grad()
            set_lr(opt, 0.05 / (epoch + 1))
"""


def _package(root: Path) -> Path:
    (root / "pyproject.toml").write_text("")
    package = root / "pkg"
    package.mkdir()
    files = {
        "__init__": "", "engine": ENGINE, "evaluation": EVALUATION, "schedule": SCHEDULE,
        "steps": STEPS, "validates": VALIDATES, "accumulates": ACCUMULATES,
    }
    for name, text in files.items():
        (package / f"{name}.py").write_text(text)
    return root


def test_names_from_star_imports_are_followed(tmp_path: Path) -> None:
    root = _package(tmp_path)
    done = run_gradfix("--no-cache", "--select", "GF001,GF006,GF017", ".", cwd=root)
    found = [line.split(" ", 2)[:2] for line in done.stdout.decode().splitlines()]
    assert found == [
        ["pkg/accumulates.py:14:13:", "GF006"],
        ["pkg/engine.py:8:5:", "GF001"],
        ["pkg/validates.py:15:13:", "GF017"],
    ], done.stdout.decode()
    diff = run_gradfix("--no-cache", "--select", "GF017", "--diff", ".", cwd=root).stdout.decode()
    assert "     score = validate(model, batches)\n+    model.train()\n" in diff


def test_a_star_import_that_does_not_define_the_name_changes_nothing(tmp_path: Path) -> None:
    root = _package(tmp_path)
    (root / "pkg" / "evaluation.py").write_text("THRESHOLD = 0.5\n")
    (root / "pkg" / "validates.py").write_text(VALIDATES.replace("from .evaluation import *", "from .evaluation import *\nfrom .metrics import validate"))
    (root / "pkg" / "metrics.py").write_text("def validate(model, batches):\n    return 0.0\n")
    done = run_gradfix("--no-cache", "--select", "GF017", ".", cwd=root)
    assert done.returncode == 0, done.stdout.decode()
