"""`Project.function` looks at a module's bytes before parsing it: a module that neither
defines a name (`def name`) nor binds it by an import cannot answer the lookup, and is not
parsed for it. The look must never say no where the parsed module would say yes."""

from __future__ import annotations

from pathlib import Path

import pytest

from gradfix.analysis.facts import collect_facts
from gradfix.project import Project, _may_hold
from gradfix.source import Source

_IMPORTS = [
    b"from .engine import train_one_epoch\n",
    b"from .engine import (\n    evaluate,\n    # the step\n\n    train_one_epoch,\n)\n",
    b"from .engine import (evaluate,  # note (see below)\n    train_one_epoch)\n",
    b"from .engine import evaluate, train_one_epoch\n",
    b"from .engine import evaluate as e, train_one_epoch\n",
    b"from .engine import step as train_one_epoch\n",
    b"from .engine import(train_one_epoch)\n",
    b"from .engine import \\\n    train_one_epoch\n",
    b"import engine as train_one_epoch\n",
    b"import train_one_epoch.engine\n",
    b"import os, train_one_epoch\n",
    b"x = 1; from .engine import train_one_epoch\n",
    b"if True:\n\tfrom .engine import (\n\t\ttrain_one_epoch)\n",
    b"try:\n    from .engine import train_one_epoch\nexcept ImportError:\n    pass\n",
    b"def f():\n    from .engine import train_one_epoch\n    return train_one_epoch\n",
    b"def train_one_epoch(model):\n    pass\n",
    b"async def train_one_epoch(model):\n    pass\n",
]
_LINE_ENDINGS = [b"\n", b"\r\n", b"\r"]


@pytest.mark.parametrize("ending", _LINE_ENDINGS, ids=["lf", "crlf", "cr"])
@pytest.mark.parametrize("shape", _IMPORTS)
def test_every_binding_of_a_name_is_seen(shape: bytes, ending: bytes) -> None:
    data = (b"import torch\n\n" + shape + b"\nloss.backward()\n").replace(b"\n", ending)
    facts = collect_facts(Source.from_bytes(data, "m.py"))
    assert "train_one_epoch" in facts.imports.aliases or "train_one_epoch" in facts.module_functions
    assert _may_hold(data, ["train_one_epoch"])


def test_methods_are_seen() -> None:
    data = b"class Trainer:\n    def step(self, batch):\n        loss.backward()\n"
    assert _may_hold(data, ["Trainer", "step"])
    assert not _may_hold(data, ["Trainer", "fit"])


@pytest.mark.parametrize(
    "data",
    [
        b"class Trainer:\n    pass\n\nstate = Trainer()\nvalue = Trainer.x\n",
        b"def train(model):\n    Trainer.reset()\n    return [Trainer]\n",
        b"# Trainer\nTrainer.reset()\nx = {1: Trainer}\n",
        b"def Trainer_step():\n    MyTrainer()\n    loss.backward()\n",
    ],
)
def test_a_use_is_not_a_binding(data: bytes) -> None:
    assert not _may_hold(data, ["Trainer"])


def _sources() -> list[Path]:
    root = Path(__file__).parent.parent
    return sorted([*(root / "gradfix").rglob("*.py"), *(root / "tests" / "projects").rglob("*.py")])


def test_never_no_where_the_parsed_module_answers() -> None:
    """Over gradfix's own modules and the test projects: every name their facts bind is seen."""
    checked = 0
    for path in _sources():
        data = path.read_bytes()
        facts = collect_facts(Source.from_bytes(data, str(path)))
        names = [[n] for n in (*facts.imports.aliases, *facts.module_functions)]
        names += [[c, m] for c, methods in facts.methods.items() for m in methods]
        for rest in names:
            assert _may_hold(data, rest), (path, rest)
            checked += 1
    assert checked > 1000


def test_a_module_that_cannot_answer_is_not_parsed(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "state.py").write_text("class State:\n    def step(self):\n        loss.backward()\n")
    (tmp_path / "engine.py").write_text("def train_one_epoch(model, optimizer):\n    optimizer.step()\n")
    project = Project(tmp_path)
    importer = tmp_path / "train.py"
    assert project.function("state.State", importer) is None
    assert str((tmp_path / "state.py").absolute()) not in project._modules
    assert str((tmp_path / "state.py").absolute()) in project.touched  # still a dependency
    found = project.function("engine.train_one_epoch", importer)
    assert found is not None and found.node.name == "train_one_epoch"
    assert project.function("state.State.step", importer) is not None
