"""A file the project index has parsed already -- a helper of a file analysed before it, or a
caller of one's step function -- is analysed from that source and those facts
(`Project.indexed`, `Project.facts_of`), not parsed a second time. Only from the very same
bytes: an editor's buffer that differs from the disk is parsed on its own. Either way the
result is the one a fresh analysis gives."""

from __future__ import annotations

from pathlib import Path

import pytest

import gradfix.project as project_module
import gradfix.source as source_module
from gradfix import runner
from gradfix.files import SourceFile
from gradfix.pipeline import Options
from gradfix.transforms import default_codes

OPTIONS = Options(select=frozenset(default_codes()))

ENGINE = '''import torch


def compute_loss(model, batch):
    return model(batch).mean()


def train_one_epoch(model, optimizer, loader):
    for batch in loader:
        loss = compute_loss(model, batch)
        loss.backward()
        optimizer.step()
'''

MAIN = '''import torch

from engine import compute_loss


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        loss = compute_loss(model, batch)
        loss.backward()
        optimizer.step()
'''


def _project(root: Path) -> tuple[Path, Path]:
    (root / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    (root / "engine.py").write_text(ENGINE)
    (root / "main.py").write_text(MAIN)
    return root / "main.py", root / "engine.py"


def _fresh_index() -> None:
    project_module._PROJECTS.clear()
    project_module._ROOTS.clear()


def _findings(result: runner.FileResult) -> list[tuple[int, int, str, str]]:
    return [(d.line, d.column, d.code, d.message) for d in result.diagnostics]


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The path of every file decoded and parsed, in order."""
    seen: list[str] = []
    real = source_module.Source.from_bytes.__func__  # type: ignore[attr-defined]

    def counting(cls, data: bytes, path: str | None = None):  # type: ignore[no-untyped-def]
        seen.append(Path(path).name if path else "")
        return real(cls, data, path)

    monkeypatch.setattr(source_module.Source, "from_bytes", classmethod(counting))
    return seen


def test_a_helper_parsed_for_its_caller_is_not_parsed_again(tmp_path: Path, parses: list[str]) -> None:
    main, engine = _project(tmp_path)
    alone = {}
    for path in (main, engine):  # each file with an index of its own: the reference results
        _fresh_index()
        (alone[str(path)],) = runner.run([SourceFile(str(path))], OPTIONS, jobs=1)
    assert sorted(parses) == ["engine.py", "engine.py", "main.py"]  # main's analysis reads engine
    for path in (main, engine):
        assert any(code == "GF001" for _, _, code, _ in _findings(alone[str(path)]))

    parses.clear()
    _fresh_index()
    together = list(runner.run([SourceFile(str(main)), SourceFile(str(engine))], OPTIONS, jobs=1, steady=True))
    assert parses == ["main.py", "engine.py"]  # engine.py once, for main's analysis (a helper)
    for result in together:
        assert _findings(result) == _findings(alone[result.path])
        assert result.depends_on == alone[result.path].depends_on
    module = project_module.project_for(str(engine))._modules[str(engine.absolute())]  # type: ignore[union-attr]
    assert module.source.read_from(engine.read_bytes())


def test_a_buffer_that_differs_from_the_disk_is_parsed_on_its_own(tmp_path: Path, parses: list[str]) -> None:
    main, engine = _project(tmp_path)
    _fresh_index()
    list(runner.run([SourceFile(str(main))], OPTIONS, jobs=1))
    assert parses == ["main.py", "engine.py"]
    # an editor's unsaved buffer of engine.py that clears each batch: its own parse, no finding
    fixed = ENGINE.replace("        loss.backward()", "        optimizer.zero_grad()\n        loss.backward()").encode()
    parses.clear()
    result = runner.process_source(str(engine), fixed, OPTIONS)
    assert parses == ["engine.py"]
    assert not result.diagnostics
    # the disk's bytes again: the index now holds the buffer's module, so they are parsed too
    parses.clear()
    result = runner.process_source(str(engine), engine.read_bytes(), OPTIONS)
    assert parses == ["engine.py"]
    assert any(code == "GF001" for _, _, code, _ in _findings(result))
