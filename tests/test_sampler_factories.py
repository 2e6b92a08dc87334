"""GF019 through a loader factory in another module of the project: `train_loader, val_loader =
build_loaders(...)` where `build_loaders` (imported from `data.py`) builds torch's `DataLoader`
over a shuffling `DistributedSampler` and returns it. Reported in the training script, at its
epoch loop; silent wherever the factory's module or the script may give the sampler its epoch,
where the sampler does not shuffle for that call, and where the loader is not torch's."""

from __future__ import annotations

from pathlib import Path

from conftest import run_gradfix

DATA = """import torch
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def build_loaders(distributed, batch_size=8):
    train = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
    val = TensorDataset(torch.randn(16, 4), torch.randn(16, 1))
    train_sampler = DistributedSampler(train) if distributed else None
    val_sampler = DistributedSampler(val, shuffle=False)
    train_loader = DataLoader(train, batch_size=batch_size, sampler=train_sampler)
    val_loader = DataLoader(val, batch_size=batch_size, sampler=val_sampler)
    return train_loader, val_loader


def make(dataset, is_train, batch_size=8):
    sampler = DistributedSampler(dataset, shuffle=is_train)
    return DataLoader(dataset, batch_size=batch_size, sampler=sampler)
"""

ENGINE = """from torch import nn


def train_one_epoch(model, loader, opt):
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
"""

TRAIN = """import torch
from torch import nn

from . import data
from .engine import train_one_epoch


def main():
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.StepLR(opt, 1)
    train_loader, val_loader = data.build_loaders(True)
    for epoch in range(3):
        train_one_epoch(model, train_loader, opt)
        sched.step()
        for x, y in val_loader:
            model(x)
"""

WHILE = """import torch
from torch import nn
from torch.utils.data import TensorDataset

from .data import make


def main():
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    ds = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
    train_loader = make(ds, is_train=True)
    val_loader = make(ds, False)
    epoch = 0
    while epoch < 3:
        for batches in (train_loader, val_loader):
            pass
        for x, y in val_loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        for x, y in train_loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        epoch += 1
"""


def _project(root: Path, **files: str) -> Path:
    root.mkdir(exist_ok=True)
    (root / "pyproject.toml").write_text("")
    package = root / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in {"data": DATA, "engine": ENGINE, "train": TRAIN, "loop": WHILE, **files}.items():
        (package / f"{name}.py").write_text(text)
    return root


def _found(root: Path, *args: str) -> list[str]:
    done = run_gradfix("--no-cache", "--select", "GF019", *args, ".", cwd=root)
    assert done.returncode in (0, 1), done.stderr.decode()
    return [line.split(" GF019 ")[0] for line in done.stdout.decode().splitlines() if " GF019 " in line]


def test_loaders_from_a_factory_module_are_reported_in_the_script(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _found(root) == ["pkg/loop.py:15:5:", "pkg/train.py:13:5:"]
    done = run_gradfix("--no-cache", "--select", "GF019", "--diff", ".", cwd=root)
    diff = done.stdout.decode()
    # the factory may return a loader without the sampler (`... if distributed else None`): guarded
    assert (
        "+        if isinstance(train_loader.sampler, torch.utils.data.DistributedSampler):\n"
        "+            train_loader.sampler.set_epoch(epoch)\n"
        "         train_one_epoch(model, train_loader, opt)\n"
    ) in diff
    # `make(ds, is_train=True)` always shuffles; `make(ds, False)` never does
    assert "+        train_loader.sampler.set_epoch(epoch)\n         for batches in" in diff
    assert "val_loader.sampler" not in diff
    assert "data.py" not in diff
    run_gradfix("--no-cache", "--select", "GF019", "--write", ".", cwd=root)
    assert _found(root) == []


def test_silent_where_the_epoch_may_be_given_or_the_order_does_not_shuffle(tmp_path: Path) -> None:
    # the factory's module says `set_epoch`: a loader of its own may give the epoch itself
    root = _project(tmp_path / "a", data=DATA + "\n\ndef begin(loader, epoch):\n    loader.sampler.set_epoch(epoch)\n")
    assert _found(root) == []
    # the script gives the epoch through the loader
    given = TRAIN.replace("        train_one_epoch(", "        train_loader.sampler.set_epoch(epoch)\n        train_one_epoch(")
    assert _found(_project(tmp_path / "b", train=given, loop="")) == []
    # a loader class of the project's own (it may set the epoch as it starts each pass)
    own = DATA.replace("from torch.utils.data import DataLoader,", "from .loaders import DataLoader\nfrom torch.utils.data import")
    root = _project(tmp_path / "c", data=own, loaders="class DataLoader:\n    pass\n")
    assert _found(root) == []
    # the sampler never shuffles for this call
    assert _found(_project(tmp_path / "d", train="", loop=WHILE.replace("make(ds, is_train=True)", "make(ds, is_train=False)"))) == []
    # a library owns the loader's epochs
    prepared = TRAIN.replace("    for epoch in range(3):", "    train_loader = accelerator.prepare(train_loader)\n    for epoch in range(3):")
    assert _found(_project(tmp_path / "e", train=prepared, loop="")) == []
    # handed to an object of another module that may set the epoch (`hook.before_epoch(epoch)`)
    hooked = TRAIN.replace(
        "    for epoch in range(3):\n", "    hook = Reshuffle(train_loader)\n    for epoch in range(3):\n        hook.before_epoch(epoch)\n"
    ).replace("from .engine import", "from .hooks import Reshuffle\nfrom .engine import")
    hooks = "class Reshuffle:\n    def __init__(self, loader):\n        self.loader = loader\n\n    def before_epoch(self, epoch):\n        self.loader.sampler.set_epoch(epoch)\n"
    assert _found(_project(tmp_path / "f", train=hooked, loop="", hooks=hooks)) == []
    # built again in each epoch (the factory may seed it with the epoch)
    rebuilt = WHILE.replace("    train_loader = make(ds, is_train=True)\n", "").replace(
        "    while epoch < 3:\n", "    while epoch < 3:\n        train_loader = make(ds, is_train=True)\n"
    )
    assert _found(_project(tmp_path / "g", train="", loop=rebuilt)) == []
    # `False` through a module constant of the script
    constant = WHILE.replace("make(ds, is_train=True)", "make(ds, is_train=ORDERED)").replace("def main():", "ORDERED = False\n\n\ndef main():")
    assert _found(_project(tmp_path / "h", train="", loop=constant)) == []


def test_editing_the_factory_module_invalidates_the_script_result(tmp_path: Path) -> None:
    root = _project(tmp_path)
    first = run_gradfix("--select", "GF019", "pkg/train.py", cwd=root)  # the cache in .gradfix_cache/
    assert first.returncode == 1 and b"pkg/train.py:13:5: GF019" in first.stdout
    assert (root / ".gradfix_cache").is_dir()
    assert run_gradfix("--select", "GF019", "pkg/train.py", cwd=root).stdout == first.stdout  # from the cache
    (root / "pkg" / "data.py").write_text(DATA.replace("DistributedSampler(train)", "DistributedSampler(train, shuffle=False)"))
    again = run_gradfix("--select", "GF019", "pkg/train.py", cwd=root)
    assert again.returncode == 0, again.stdout.decode()


def test_a_phase_loop_is_not_reported_as_an_epoch_loop() -> None:
    """`for phase in ["train", "val"]:` between the epoch loop and `dataloaders[phase]`: one
    finding, at the epoch loop."""
    fixture = (
        Path(__file__).parent / "before_after" / "GF019_distributed_sampler_without_set_epoch"
        / "loaders_by_phase_from_a_dict_comprehension.before.py"
    )
    done = run_gradfix("--no-cache", "--select", "GF019", str(fixture))
    lines = done.stdout.decode().splitlines()
    assert len(lines) == 1 and ":10:5: GF019 [*]" in lines[0], lines
