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
    root.mkdir(exist_ok=True)
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


def test_all_and_later_bindings_decide_what_a_star_import_binds(tmp_path: Path) -> None:
    """A starred module whose `__all__` leaves the name out does not bind it; nor does a star
    import bind a name the script assigns itself (`validate = metrics.validate`)."""
    root = _package(tmp_path)
    (root / "pkg" / "evaluation.py").write_text('__all__ = ["threshold"]\n\n' + EVALUATION + "\n\ndef threshold():\n    return 0.5\n")
    assert run_gradfix("--no-cache", "--select", "GF017", ".", cwd=root).returncode == 0
    root = _package(tmp_path / "b")
    (root / "pkg" / "metrics.py").write_text("def validate(model, batches):\n    return 0.0\n")
    (root / "pkg" / "validates.py").write_text(
        VALIDATES.replace("from .evaluation import *\n", "from .evaluation import *\nfrom . import metrics\n\nvalidate = metrics.validate\n")
    )
    assert run_gradfix("--no-cache", "--select", "GF017", ".", cwd=root).returncode == 0


def test_a_helper_reaching_another_module_of_the_project_is_not_plain(tmp_path: Path) -> None:
    """`end_batch(optimizer)` of a module without gradient words that calls `inner.tidy(opt)`
    of another module (which clears): the loop is not judged as if nothing cleared."""
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "inner.py").write_text("def tidy(opt):\n    opt.zero_grad()\n")
    (tmp_path / "helpers.py").write_text("import inner\n\n\ndef end_batch(optimizer, history, value):\n    history.append(value)\n    inner.tidy(optimizer)\n")
    (tmp_path / "main.py").write_text(
        "import torch\nfrom helpers import end_batch\n\nmodel = torch.nn.Linear(4, 1)\n"
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.05)\nhistory = []\n"
        "for x, y in [(torch.randn(8, 4), torch.randn(8, 1))] * 4:\n"
        "    loss = torch.nn.functional.mse_loss(model(x), y)\n    loss.backward()\n    optimizer.step()\n"
        "    end_batch(optimizer, history, loss.item())\n"
    )
    assert run_gradfix("--no-cache", "--select", "GF001", ".", cwd=tmp_path).returncode == 0
