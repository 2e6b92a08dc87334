"""GF019 on an epoch loop of one module over a loader that only other modules of the project
hand it (`fit(model, loader, opt)` imported from `engine.py`, the loader built in the script
over a shuffling `DistributedSampler`). Reported in the loop's module; the fix is unsafe when
that module cannot spell the sampler's class for a guard (a caller written later may hand a
loader of another kind); silent when a caller hands another loader or may."""

from __future__ import annotations

from pathlib import Path

from conftest import run_gradfix

ENGINE = """from torch.nn import functional as F


def fit(net, opt, data, epochs):
    for ep in range(epochs):
        for x, y in data:
            opt.zero_grad()
            F.mse_loss(net(x), y).backward()
            opt.step()
"""

SCRIPT = """import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

from engine import fit

ds = TensorDataset(torch.randn(16, 2), torch.randn(16, 1))
SAMPLER
net = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
fit(net, opt, loader, 3)
"""

BUILT = "loader = DataLoader(ds, batch_size=4, sampler=DistributedSampler(ds))"


def _run(tmp_path: Path, script: str, *args: str) -> str:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "engine.py").write_text(ENGINE)
    (tmp_path / "train.py").write_text(script)
    done = run_gradfix("--no-cache", "--isolated", "--select", "GF019", *args, ".", cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr.decode()
    return done.stdout.decode()


def test_the_loop_handed_a_distributed_loader_is_given_the_epoch_by_an_unsafe_fix(tmp_path: Path) -> None:
    script = SCRIPT.replace("SAMPLER", BUILT)
    assert "engine.py:5:5: GF019 `data` draws from a `DistributedSampler`" in _run(tmp_path, script)
    assert "+        data.sampler.set_epoch(ep)\n         for x, y in data:" in _run(tmp_path, script, "--diff", "--unsafe-fixes")
    assert "set_epoch" not in _run(tmp_path, script, "--diff")  # not a safe fix
    assert (tmp_path / "engine.py").read_text() == ENGINE  # (read only)


def test_silent_when_a_caller_may_hand_another_loader(tmp_path: Path) -> None:
    # a second call with a loader without the sampler, a loader whose name is bound twice
    for sampler in (
        BUILT + "\nfit(net, None, DataLoader(ds, batch_size=4), 1)",
        BUILT + "\nif len(ds) < 8:\n    loader = DataLoader(ds, batch_size=4, shuffle=True)",
    ):
        assert "GF019" not in _run(tmp_path, SCRIPT.replace("SAMPLER", sampler)), sampler


def test_no_fix_when_the_loader_may_hold_another_sampler(tmp_path: Path) -> None:
    # a sampler built as one arm of a choice: reported, but `engine.py` cannot spell a guard
    script = SCRIPT.replace("SAMPLER", "loader = DataLoader(ds, batch_size=4, sampler=DistributedSampler(ds) if len(ds) > 8 else None)")
    assert "engine.py:5:5: GF019" in _run(tmp_path, script)
    assert "set_epoch" not in _run(tmp_path, script, "--diff", "--unsafe-fixes")


OTHER = """import torch

net = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
rows = [(torch.randn(4, 2), torch.randn(4, 1))]


def main(epochs):
    for epoch in range(epochs):
        for x, y in rows:
            opt.zero_grad()
            ((net(x) - y) ** 2).mean().backward()
            opt.step()
"""


def test_only_the_loop_handed_its_loader_depends_on_the_other_files(tmp_path: Path) -> None:
    # the cache's invariant: a training file whose loop cannot be handed a loader (`main` trains
    # over a global) does not depend on the script saying `DistributedSampler`; `engine.py` does
    from gradfix.files import discover
    from gradfix.runner import Options, run

    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "engine.py").write_text(ENGINE)
    (tmp_path / "train.py").write_text(SCRIPT.replace("SAMPLER", BUILT))
    (tmp_path / "other.py").write_text(OTHER)
    for steady in (False, True):
        results = {Path(r.path).name: r for r in run(list(discover([str(tmp_path)])), Options(select=frozenset({"GF019"})), jobs=1, steady=steady)}
        assert [d.code for d in results["engine.py"].diagnostics] == ["GF019"]
        assert any(Path(p).name == "train.py" for p in results["engine.py"].depends_on)
        assert results["other.py"].diagnostics == [] and results["other.py"].depends_on == {}


HELPER_ENGINE = """import torch


def _one_pass(net, opt, batches):
    for step, (x, y) in enumerate(batches):
        opt.zero_grad()
        torch.nn.functional.mse_loss(net(x), y).backward()
        opt.step()


def fit(net, opt, data, epochs):
    epoch_no = 0
    while epoch_no < epochs:
        _one_pass(net, opt, data)
        epoch_no += 1
"""


def test_the_loop_handing_the_loader_to_a_helper_of_its_module_is_given_the_epoch(tmp_path: Path) -> None:
    # written differently: a `while` counter, the batches drawn by a helper of the module
    # (`enumerate`), the module's own `import torch` for the guard: a safe fix
    (tmp_path / "engine.py").write_text(HELPER_ENGINE)
    script = SCRIPT.replace("SAMPLER", BUILT)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "train.py").write_text(script)
    done = run_gradfix("--no-cache", "--isolated", "--select", "GF019", "--diff", ".", cwd=tmp_path)
    out = done.stdout.decode()
    assert "+        if isinstance(data.sampler, torch.utils.data.DistributedSampler):\n+            data.sampler.set_epoch(epoch_no)\n         _one_pass(net, opt, data)" in out, out + done.stderr.decode()
    assert "train.py" not in out
