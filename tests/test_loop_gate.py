"""The text gate that keeps a loop out of the loop model (`_Walker.may_backpropagate`): a loop
that names something imported from a module saying `backward` but calls nothing except inert
builtins is not walked (`_calls_only_builtins`), and every loop whose walk could reach a
backward still is: a local helper reaching an imported backward, a re-exported step function,
a method of an imported class, a builtin's name bound by the module, a function defined in the
loop."""

from __future__ import annotations

import textwrap
from pathlib import Path

from gradfix import syntax as ast
from gradfix.analysis.loops import _calls_only_builtins, _Context, _Walker, build_model
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


def _outer_loops(model) -> list[ast.AST]:  # type: ignore[no-untyped-def]
    return [n for n in ast.walk(model.source.tree) if isinstance(n, (ast.For, ast.While))]


def test_a_loop_calling_only_builtins_is_not_walked(tmp_path: Path) -> None:
    model = _model(
        tmp_path,
        """
        from engine import Plugin

        def count(opts):
            n = 0
            for o in opts:
                if isinstance(o, Plugin):
                    n += len(o.param_groups)
            return n
        """,
    )
    (loop,) = _outer_loops(model)
    assert _calls_only_builtins(loop, model.source)
    walker = _Walker(model.facts)
    assert walker.may_backpropagate(loop, _Context()) is False  # engine.py says `backward`: the gate used to pass it
    assert model.loops == []


def test_a_local_helper_reaching_an_imported_backward_is_still_walked(tmp_path: Path) -> None:
    # the gate passes on `Plugin` (its module says `backward`); the backward runs through `run`
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
    loops = _outer_loops(model)
    assert not _calls_only_builtins(loops[0], model.source)  # `len` is `backprop` here
    assert not _calls_only_builtins(loops[1], model.source)  # `epoch` is analysed by the loop's walk
    assert len(model.loops) == 2
