"""The text gate that keeps a loop out of the loop model (`_Walker.may_backpropagate`) asks
about imported names per module: a loop naming anything imported from a module that says
`backward` is walked. A narrower gate (per imported function, or skipping loops whose imported
names only appear in `isinstance` tests) must still walk every loop whose walk finds a backward:
through a local helper reaching an imported backward (the gate passed on another name of a
module saying `backward`), a re-exported step function, a method of an imported class, a
builtin's name the module binds, a function defined in the loop."""

from __future__ import annotations

import textwrap
from pathlib import Path

from gradfix.analysis.loops import build_model
from gradfix.project import project_for
from gradfix.source import Source

ENGINE = """\
class Plugin:
    pass


class Trainer:
    def fit_batch(self, model, opt, batch):
        model(batch).sum().backward()
        opt.step()


def backprop(model, batch):
    model(batch).sum().backward()
"""


def _model(tmp_path: Path, main: str, files: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "engine.py").write_text(ENGINE)
    for name, text in (files or {}).items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    path = tmp_path / "main.py"
    data = textwrap.dedent(main).encode()
    path.write_bytes(data)
    return build_model(Source.from_bytes(data, str(path)), project_for(str(path)))


def test_a_local_helper_reaching_an_imported_backward_is_still_walked(tmp_path: Path) -> None:
    # the gate passes on `Plugin` (its module says `backward`); the backward runs through `run`
    # (without the `isinstance` test the gate would not pass: `run` says no `backward` itself)
    model = _model(
        tmp_path,
        """
        from engine import Plugin, backprop

        def run(model, batch):
            backprop(model, batch)

        def train(model, opt, loader, plugin):
            for batch in loader:
                if isinstance(plugin, Plugin):
                    continue
                run(model, batch)
                opt.step()
        """,
    )
    assert len(model.loops) == 1


def test_a_re_exported_step_function_and_an_imported_class_s_method_are_walked(tmp_path: Path) -> None:
    model = _model(
        tmp_path,
        """
        from pkg import fit_one
        from engine import Trainer

        def train(model, opt, loader):
            for batch in loader:
                fit_one(model, opt, batch)

        def train_more(model, opt, loader):
            trainer = Trainer()
            for batch in loader:
                trainer.fit_batch(model, opt, batch)
        """,
        {
            "pkg/__init__.py": "from .steps import fit_one\n",
            "pkg/steps.py": "def fit_one(model, opt, batch):\n    model(batch).sum().backward()\n    opt.step()\n",
        },
    )
    assert len(model.loops) == 2


def test_a_builtin_name_the_module_binds_or_a_function_defined_in_the_loop_is_walked(tmp_path: Path) -> None:
    model = _model(
        tmp_path,
        """
        from engine import Plugin, backprop as len

        def train(model, opt, loader, plugin):
            for batch in loader:
                if isinstance(plugin, Plugin):
                    continue
                len(model, batch)
                opt.step()

        def schedule(model, opt, loaders, plugin):
            for loader in loaders:
                if isinstance(plugin, Plugin):
                    continue

                def epoch():
                    for batch in loader:
                        model(batch).sum().backward()
                        opt.step()
        """,
    )
    # `len` is `backprop` here; `epoch`, defined in the loop, is analysed by the loop's walk
    assert len(model.loops) == 2
