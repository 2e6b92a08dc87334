"""The language server's text work, in process: one finding's fix (`Options.only`), notebooks
built from cells, line edits, suppression directives, hovers and settings."""

from __future__ import annotations

import codecs
import json
import os
from pathlib import Path

import pytest

from gradfix.lsp import documents
from gradfix.lsp.documents import Cell, ClientSettings, Edit
from gradfix.runner import Options, process_source
from gradfix.transforms import default_codes

BUGGY = """\
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)

for epoch in range(3):
    for x, y in batches:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        scheduler.step()
        optimizer.step()
"""
DEFAULT = Options(select=frozenset(default_codes()))


def options(**changes) -> Options:  # type: ignore[no-untyped-def]
    from gradfix import records

    return records.replace(DEFAULT, **changes)


# Options.only: one finding's fix -----------------------------------------------------------------
def test_only_applies_the_fix_of_the_finding_at_that_position() -> None:
    found = {d.code: d for d in process_source("t.py", BUGGY.encode(), DEFAULT).diagnostics}
    assert set(found) == {"GF001", "GF012"}
    for code in ("GF001", "GF012"):
        d = found[code]
        one = process_source("t.py", BUGGY.encode(), options(fix=True, only=(code, d.line, d.column, None)))
        alone = process_source("t.py", BUGGY.encode(), options(select=frozenset({code}), fix=True))
        assert one.fixed is not None and one.fixed == alone.fixed
        assert one.fixed_codes == {code: 1}


def test_only_at_a_position_without_that_finding_fixes_nothing() -> None:
    d = next(d for d in process_source("t.py", BUGGY.encode(), DEFAULT).diagnostics if d.code == "GF001")
    for only in (("GF001", d.line, d.column + 1, None), ("GF012", d.line, d.column, None), ("GF002", 1, 1, None)):
        result = process_source("t.py", BUGGY.encode(), options(fix=True, only=only))
        assert result.fixed is None and result.error is None


def test_only_in_a_notebook_fixes_only_that_cell() -> None:
    cells = [Cell("c1", True, "import torch\n"), Cell("c2", True, BUGGY), Cell("c3", True, BUGGY)]
    found, _ = documents.check_notebook("nb.ipynb", cells, DEFAULT)
    assert [d.code for d in found["c2"]] == [d.code for d in found["c3"]] == ["GF012", "GF001"]
    d = found["c3"][1]
    changed = documents.fixed_notebook("nb.ipynb", cells, options(fix=True, only=(d.code, d.line, d.column, 3)))
    assert list(changed) == ["c3"]
    assert changed["c3"].encode() == process_source("t.py", BUGGY.encode(), options(select=frozenset({"GF001"}), fix=True)).fixed
    everything = documents.fixed_notebook("nb.ipynb", cells, options(fix=True))
    assert set(everything) == {"c2", "c3"}


def test_notebook_json_keeps_cell_numbers_and_markdown() -> None:
    cells = [Cell("m", False, "# title\n"), Cell("c", True, BUGGY)]
    notebook = json.loads(documents.notebook_bytes(cells))
    assert [c["cell_type"] for c in notebook["cells"]] == ["markdown", "code"]
    found, result = documents.check_notebook("nb.ipynb", cells, DEFAULT)
    assert found["m"] == [] and {d.cell for d in result.diagnostics} == {2}


# edits ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "old, new",
    [
        ("a\nb\nc\n", "a\nB\nc\n"),
        ("a\nb", "a\nb\nc"),  # no final newline
        ("a\r\nb\r\n", "x\r\na\r\nb\r\n"),
        ("", "new\n"),
        ("a\rb\r", "a\rc\r"),  # old Mac line endings are lines too
        ("keep\nλ𝜆\n", "keep\nλ𝜆 changed\n"),
        ("same\n", "same\n"),
    ],
)
def test_line_edits_turn_old_into_new(old: str, new: str) -> None:
    edits = documents.line_edits(old, new)
    assert documents.apply_edits(old, edits) == new
    assert all(edit.start[1] == 0 or edit.start[0] == len(documents.split_lines(old)) - 1 for edit in edits)
    if old == new:
        assert edits == []


def test_split_lines_splits_only_where_lsp_does() -> None:
    assert documents.split_lines("a\x0cb\u2028c\r\nd\re\nf") == ["a\x0cb\u2028c\r\n", "d\r", "e\n", "f"]


# suppressions ---------------------------------------------------------------------------------------
def test_suppress_line_appends_or_merges() -> None:
    assert documents.suppress_line("    optimizer.step()", "GF001") == "    optimizer.step()  # gradfix: ignore[GF001]"
    assert documents.suppress_line("x()  # gradfix: ignore[GF004]", "GF001") == "x()  # gradfix: ignore[GF004, GF001]"
    assert documents.suppress_line("x()  # gradfix: ignore[]", "GF001") == "x()  # gradfix: ignore[GF001]"
    assert documents.suppress_line("x()  # noqa: E501", "GF001") == "x()  # noqa: E501  # gradfix: ignore[GF001]"
    assert documents.suppress_line("x()  # note   ", "GF001") == "x()  # note  # gradfix: ignore[GF001]"
    for done in ("x()  # gradfix: ignore[GF001]", "x()  # gradfix: ignore", "x()  # noqa"):
        assert documents.suppress_line(done, "GF001") is None


def test_suppress_edit_is_honoured_by_the_pipeline() -> None:
    d = next(d for d in process_source("t.py", BUGGY.encode(), DEFAULT).diagnostics if d.code == "GF001")
    edit = documents.suppress_edit(BUGGY, d.line, "GF001")
    assert edit is not None
    new = documents.apply_edits(BUGGY, [edit])
    assert [x.code for x in process_source("t.py", new.encode(), DEFAULT).diagnostics] == ["GF012"]


def test_no_suppression_where_a_comment_would_break_the_code() -> None:
    text = "total = first + \\\n    second\n"
    assert documents.suppress_edit(text, 1, "GF009") is None
    assert documents.suppress_edit(text, 2, "GF009") == Edit((1, 0), (1, 10), "    second  # gradfix: ignore[GF009]")
    assert documents.suppress_edit(text, 9, "GF009") is None


# hovers ------------------------------------------------------------------------------------------------
def test_code_at_finds_rule_codes_inside_directives_only() -> None:
    line = "x = 'GF001'  # gradfix: ignore[GF004, gf001]  # noqa: E501, GF012"
    assert documents.code_at(line, line.index("gf001") + 2) == ("GF001", line.index("gf001"), line.index("gf001") + 5)
    assert documents.code_at(line, line.index("GF012"))[0] == "GF012"  # type: ignore[index]
    assert documents.code_at(line, line.index("E501")) is None  # not a gradfix rule
    assert documents.code_at(line, line.index("GF001")) is None  # in a string, not a directive
    assert documents.code_at("x  # gradfix: ignore[GF999]", 25) is None


def test_rule_hover_and_page() -> None:
    text = documents.rule_hover("GF007")
    assert text.startswith("**GF007** `zero-grad-not-set-to-none`: ")
    assert "Not enabled by default." in text
    page = documents.rule_doc_path("GF007")
    assert page is not None and f"({page.as_uri()})" in text
    assert "**" not in documents.rule_hover("GF007", markdown=False)


def test_loops_point_at_the_innermost_loop_header() -> None:
    loops = documents.Loops.of(BUGGY)
    assert loops.around(12) == (8, 4, len("    for x, y in batches:"))
    assert loops.around(8) == (7, 0, len("for epoch in range(3):"))
    assert loops.around(3) is None
    assert documents.Loops.of("for x in (:\n").around(1) is None


# text -> bytes ---------------------------------------------------------------------------------------------
def test_source_bytes_follow_a_coding_line() -> None:
    text = "# -*- coding: latin-1 -*-\nname = 'café'\n"
    data, encoding = documents.source_bytes(text)
    assert codecs.lookup(encoding).name == "iso8859-1" and data == text.encode("latin-1")
    assert documents.source_bytes("x = 'café'\n") == ("x = 'café'\n".encode(), "utf-8")
    latin = "# coding: latin-1\n" + BUGGY.replace("optimizer.step()", "optimizer.step()  # é")
    fixed = documents.fixed("t.py", latin, options(fix=True))
    assert fixed is not None and "# é" in fixed and "zero_grad" in fixed


# settings ----------------------------------------------------------------------------------------------------
def test_client_settings_validate_and_report() -> None:
    settings, problems = documents.client_settings(
        {"select": "GF001, GF002", "extendSelect": ["GF007"], "ignore": [], "unsafe-fixes": True}
    )
    assert settings == ClientSettings(select=("GF001", "GF002"), extend_select=("GF007",), ignore=None, unsafe_fixes=True)
    assert problems == []
    assert documents.client_settings({"gradfix": {"ignore": ["GF004"]}})[0].ignore == ("GF004",)
    settings, problems = documents.client_settings({"select": ["GF999"], "unsafe-fixes": "yes", "other": 1})
    assert settings == ClientSettings()
    assert len(problems) == 3 and "GF999" in problems[0] and "'other'" in problems[2]
    assert documents.client_settings(None) == (ClientSettings(), [])


def test_settings_come_from_the_projects_pyproject_and_are_reread(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.gradfix]\nignore = ["GF001"]\nexclude = ["legacy/"]\n')
    (tmp_path / "src").mkdir()
    resolver = documents.SettingsResolver()
    settings = resolver.resolve(tmp_path / "src" / "train.py", ClientSettings())
    assert "GF001" not in settings.options.select and settings.config_path == pyproject
    assert not settings.excluded
    assert resolver.resolve(tmp_path / "legacy" / "old.py", ClientSettings()).excluded
    # the editor's settings win, like command-line flags
    assert "GF001" in resolver.resolve(tmp_path / "src" / "train.py", ClientSettings(ignore=("GF004",))).options.select
    pyproject.write_text('[tool.gradfix]\nunsafe-fixes = true\n')
    stat = pyproject.stat()
    os.utime(pyproject, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    settings = resolver.resolve(tmp_path / "src" / "train.py", ClientSettings())
    assert "GF001" in settings.options.select and settings.options.unsafe_fixes
    pyproject.write_text('[tool.gradfix]\nselect = "GF001"\n')
    os.utime(pyproject, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2 * 10**9))
    broken = resolver.resolve(tmp_path / "src" / "train.py", ClientSettings())
    assert broken.error is not None and "must be a list" in broken.error
    assert broken.options.select == frozenset(default_codes())


def test_an_unmarked_workspace_is_the_project_root_of_its_files(tmp_path: Path) -> None:
    """As `gradfix .` in the workspace: without `.git` or `pyproject.toml`, the workspace folder
    is the root of the files under it; with a marker, the marker decides (no roots)."""
    (tmp_path / "scripts").mkdir()
    (tmp_path / "engine.py").write_text("")
    resolver = documents.SettingsResolver()
    settings = resolver.resolve(tmp_path / "scripts" / "train.py", ClientSettings(), tmp_path)
    assert settings.options.roots == (str(tmp_path),)
    assert resolver.resolve(tmp_path / "scripts" / "train.py", ClientSettings()).options.roots == ()
    (tmp_path / "pyproject.toml").write_text("")
    from gradfix.project import forget_layouts

    forget_layouts()
    assert resolver.resolve(tmp_path / "scripts" / "train.py", ClientSettings(), tmp_path).options.roots == ()


def test_a_plain_run_does_not_import_the_language_server(tmp_path: Path) -> None:
    """pygls and lsprotocol cost start-up time: only `gradfix server` imports them."""
    import subprocess
    import sys

    (tmp_path / "train.py").write_text(BUGGY)
    script = (
        "import sys\n"
        "from gradfix.cli import main\n"
        "sys.argv = ['gradfix', '--quiet', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit as exit:\n    assert exit.code == 1, exit.code\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol', 'cattrs') or m.startswith('gradfix.lsp')]\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path / "train.py")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "GF001" in result.stdout
