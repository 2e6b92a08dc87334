"""`gradfix server` end to end: pytest-lsp drives the real server process over stdio.

Three servers per test run (module-scoped), each initialized with the capabilities a real
client declares (pytest-lsp ships them): VS Code (UTF-16 positions, lazy code actions,
versioned workspace edits), Neovim 0.11 (UTF-8 positions, `changes` edits) and Emacs eglot
(UTF-32 positions, no `codeAction/resolve`: edits come with the action). Every fix the server
offers is applied here, by this file's own edit applier, and compared byte for byte with
what `gradfix --write` leaves on disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp", reason="pytest-lsp 1.x needs Python 3.10+")

from lsprotocol import types as lsp  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features  # noqa: E402

from conftest import gradfix_command, run_gradfix  # noqa: E402

# one worker runs this module (pyproject: --dist loadgroup), so each server starts once
pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.xdist_group("lsp")]

TIMEOUT = 60.0

BUGGY = """\
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]

for epoch in range(3):
    for x, y in batches:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        scheduler.step()
        optimizer.step()
"""

# GF008's fix is unsafe: the model owns parameters the optimizer does not
UNSAFE = """\
import torch

backbone = torch.nn.Linear(4, 4)
head = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(list(backbone.parameters()) + list(head.parameters()), lr=0.1)

for x, y in batches:
    backbone.zero_grad()
    loss = torch.nn.functional.mse_loss(head(backbone(x)), y)
    loss.backward()
    optimizer.step()
"""

# non-ASCII before the end of the finding: the range differs in UTF-8, UTF-16 and UTF-32
WIDE = """\
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
summe_λ𝜆 = 0.0
for x, y in batches:
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    summe_λ𝜆 += loss
"""


# the client -----------------------------------------------------------------------------------
def recording_client() -> LanguageClient:
    """pytest-lsp's client, also keeping every publishDiagnostics (with its version) and
    accepting the server's capability registrations."""
    client = LanguageClient(converter_factory=default_converter)
    client.published = []  # type: ignore[attr-defined]
    client.registrations = []  # type: ignore[attr-defined]

    def publish(client: LanguageClient, params: lsp.PublishDiagnosticsParams) -> None:
        client.diagnostics[params.uri] = params.diagnostics
        client.published.append(params)  # type: ignore[attr-defined]

    def register(client: LanguageClient, params: lsp.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)  # type: ignore[attr-defined]

    register_lsp_features(
        client,
        {
            **DEFAULT_CLIENT_FEATURES,
            lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish,
            lsp.CLIENT_REGISTER_CAPABILITY: register,
        },
    )
    return client


SERVER = ClientServerConfig(server_command=[*gradfix_command(), "server"], client_factory=recording_client)


def capabilities(name: str, notebooks: bool = False) -> lsp.ClientCapabilities:
    caps = client_capabilities(name)
    if notebooks:
        caps.notebook_document = lsp.NotebookDocumentClientCapabilities(
            synchronization=lsp.NotebookDocumentSyncClientCapabilities()
        )
    return caps


async def start(client: LanguageClient, root: Path, caps: lsp.ClientCapabilities, options: Any = None) -> None:
    client.root = root  # type: ignore[attr-defined]
    await client.initialize_session(
        lsp.InitializeParams(
            capabilities=caps,
            root_uri=root.as_uri(),
            workspace_folders=[lsp.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
            initialization_options=options,
        )
    )


@pytest_lsp.fixture(scope="module", config=SERVER)
async def vscode(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    await start(lsp_client, tmp_path_factory.mktemp("vscode"), capabilities("visual-studio-code", notebooks=True))
    yield
    await lsp_client.shutdown_session()


@contextlib.asynccontextmanager
async def session(root: Path, caps: lsp.ClientCapabilities, options: Any = None):  # type: ignore[no-untyped-def]
    """A server of its own for one test, shut down (shutdown, exit: exit code 0) at the end."""
    client = await SERVER.start()
    try:
        await start(client, root, caps, options)
        yield client
        await client.shutdown_session()
        assert client._server is not None and client._server.returncode == 0
    finally:
        if client._server is not None and client._server.returncode is None:
            client._server.kill()  # a failed test: stop() would wait for an exit never asked for
        await client.stop()


# helpers --------------------------------------------------------------------------------------
_versions: dict[str, int] = {}


def open_file(client: LanguageClient, path: Path, text: str) -> str:
    """Write `text` to `path` (gradfix --write needs the file; the server reads only the buffer)
    and open it in the client."""
    path.write_bytes(text.encode("utf-8"))
    uri = path.as_uri()
    _versions[uri] = 1
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri=uri, language_id="python", version=1, text=text))
    )
    return uri


def change(client: LanguageClient, uri: str, text: str) -> int:
    _versions[uri] += 1
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(uri=uri, version=_versions[uri]),
            [lsp.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    return _versions[uri]


async def published(client: LanguageClient, uri: str, version: int | None = None, after: int = 0) -> list[lsp.Diagnostic]:
    """The diagnostics of the first publish for `uri` (at `version`) among those received
    from index `after` on, waiting for it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    while True:
        for params in client.published[after:]:  # type: ignore[attr-defined]
            if params.uri == uri and (version is None or params.version == version):
                return list(params.diagnostics)
        if loop.time() > deadline:
            raise AssertionError(f"no diagnostics for {uri} version {version}")
        await asyncio.sleep(0.01)


def _offset(text: str, position: lsp.Position, encoding: str) -> int:
    """An LSP position -> an index into `text` (lines split on \\n, \\r\\n, \\r only)."""
    lines = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z", text)
    if position.line >= len(lines):
        return len(text)
    start = sum(len(line) for line in lines[: position.line])
    units = 0
    for index, char in enumerate(lines[position.line]):
        if units >= position.character:
            return start + index
        units += len(char.encode(encoding)) // (2 if encoding == "utf-16-le" else 4 if encoding == "utf-32-le" else 1)
    return start + len(lines[position.line])


def apply(text: str, edits: list[lsp.TextEdit], encoding: str = "utf-16-le") -> str:
    spans = sorted(((_offset(text, e.range.start, encoding), _offset(text, e.range.end, encoding), e.new_text) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def edits_for(edit: lsp.WorkspaceEdit | None, uri: str) -> list[lsp.TextEdit]:
    assert edit is not None
    if edit.document_changes is not None:
        found = [change for change in edit.document_changes if change.text_document.uri == uri]  # type: ignore[union-attr]
        return [e for change in found for e in change.edits]  # type: ignore[union-attr,misc]
    assert edit.changes is not None
    return list(edit.changes.get(uri, []))


async def actions(client: LanguageClient, uri: str, where: lsp.Range, only: list[str] | None = None) -> list[lsp.CodeAction]:
    result = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=where,
            context=lsp.CodeActionContext(diagnostics=[], only=only),  # type: ignore[arg-type]
        )
    )
    return [a for a in result or [] if isinstance(a, lsp.CodeAction)]


async def resolved(client: LanguageClient, action: lsp.CodeAction) -> lsp.CodeAction:
    if action.edit is None:
        action = await client.code_action_resolve_async(action)
    assert action.edit is not None, action.title
    return action


def written(path: Path, *args: str) -> str:
    """What `gradfix --write` leaves in a copy of `path`."""
    copy = path.with_name("written_" + path.name)
    shutil.copyfile(path, copy)
    result = run_gradfix("--write", "--quiet", *args, str(copy))
    assert result.returncode in (0, 1), result.stderr
    return copy.read_bytes().decode("utf-8")


def _file(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


def findings(path: Path, *args: str) -> list[dict]:  # type: ignore[type-arg]
    return json.loads(run_gradfix("--format", "json", "--quiet", *args, str(path)).stdout)


def expected_range(found: dict, text: str, encoding: str = "utf-16-le") -> tuple[tuple[int, int], tuple[int, int]]:  # type: ignore[type-arg]
    lines = text.split("\n")

    def units(line: int, column: int) -> int:
        chars = lines[line - 1][: column - 1]
        return len(chars.encode(encoding)) // (2 if encoding == "utf-16-le" else 4 if encoding == "utf-32-le" else 1)

    return (
        (found["line"] - 1, units(found["line"], found["column"])),
        (found["end_line"] - 1, units(found["end_line"], found["end_column"])),
    )


def as_tuple(where: lsp.Range) -> tuple[tuple[int, int], tuple[int, int]]:
    return ((where.start.line, where.start.character), (where.end.line, where.end.character))


# diagnostics ----------------------------------------------------------------------------------
async def test_diagnostics_on_open_match_the_command_line(vscode: LanguageClient) -> None:
    path = vscode.root / "train.py"  # type: ignore[attr-defined]
    uri = open_file(vscode, path, BUGGY)
    diagnostics = await published(vscode, uri, 1)
    cli = findings(path)
    assert [d.code for d in diagnostics] == [f["code"] for f in cli] == ["GF012", "GF001"]
    for d, f in zip(diagnostics, cli):
        assert as_tuple(d.range) == expected_range(f, BUGGY)
        assert d.message.startswith(f["message"])
        assert d.source == "gradfix"
        assert d.severity == lsp.DiagnosticSeverity.Warning
        assert d.code_description is not None
        page = Path(d.code_description.href.removeprefix("file://"))
        assert page.name == f"{f['code']}.md" and page.is_file()
        assert f"# {f['code']} ({f['name']})" in page.read_text(encoding="utf-8")
        # the related location is the loop the finding is in: `for x, y in batches:`
        assert d.related_information and d.related_information[0].location.uri == uri
        assert d.related_information[0].location.range.start == lsp.Position(line=8, character=4)


async def test_positions_are_utf16_for_vscode(vscode: LanguageClient) -> None:
    await check_wide_positions(vscode, "utf-16-le")


async def check_wide_positions(client: LanguageClient, encoding: str) -> None:
    """The GF009 range of WIDE in the client's position encoding (UTF-16 for VS Code, UTF-8 for
    Neovim, UTF-32 for Emacs: the negotiated ones)."""
    (found,) = [f for f in findings(_file(client.root / "wide_cli.py", WIDE), "--isolated") if f["code"] == "GF009"]  # type: ignore[attr-defined]
    uri = open_file(client, client.root / "wide.py", WIDE)  # type: ignore[attr-defined]
    diagnostics = [d for d in await published(client, uri, 1) if d.code == "GF009"]
    assert [as_tuple(d.range) for d in diagnostics] == [expected_range(found, WIDE, encoding)]


# fixes -----------------------------------------------------------------------------------------
async def test_quick_fix_equals_write_of_that_rule_and_fix_all_equals_write(vscode: LanguageClient) -> None:
    path = vscode.root / "fixme.py"  # type: ignore[attr-defined]
    uri = open_file(vscode, path, BUGGY)
    diagnostics = await published(vscode, uri, 1)
    gf012 = next(d for d in diagnostics if d.code == "GF012")

    quick = [a for a in await actions(vscode, uri, gf012.range) if a.kind == lsp.CodeActionKind.QuickFix]
    titles = [a.title for a in quick]
    assert titles == ["GF012: move scheduler.step() after optimizer.step()", "Suppress GF012 on this line"]
    assert quick[0].edit is None  # VS Code resolves lazily
    fix = await resolved(vscode, quick[0])
    assert fix.edit.document_changes[0].text_document.version == 1  # type: ignore[index,union-attr]
    assert apply(BUGGY, edits_for(fix.edit, uri)) == written(path, "--select", "GF012")

    (fix_all,) = await actions(vscode, uri, gf012.range, only=["source.fixAll"])
    assert fix_all.kind == "source.fixAll.gradfix"
    fix_all = await resolved(vscode, fix_all)
    assert apply(BUGGY, edits_for(fix_all.edit, uri)) == written(path)
    assert path.read_text(encoding="utf-8") == BUGGY  # the server never writes the file

    # applied in the editor, the buffer has nothing left to fix
    version = change(vscode, uri, apply(BUGGY, edits_for(fix_all.edit, uri)))
    assert await published(vscode, uri, version) == []
    assert await actions(vscode, uri, gf012.range, only=["source.fixAll.gradfix"]) == []


async def test_suppress_action_inserts_or_merges_a_directive(vscode: LanguageClient) -> None:
    text = BUGGY.replace("        optimizer.step()\n", "        optimizer.step()  # gradfix: ignore[GF004]\n")
    uri = open_file(vscode, vscode.root / "suppress.py", text)  # type: ignore[attr-defined]
    diagnostics = await published(vscode, uri, 1)
    gf001 = next(d for d in diagnostics if d.code == "GF001")
    (suppress,) = [a for a in await actions(vscode, uri, gf001.range) if a.title.startswith("Suppress")]
    new = apply(text, edits_for(suppress.edit, uri))
    assert "        optimizer.step()  # gradfix: ignore[GF004, GF001]\n" in new
    gf012 = next(d for d in diagnostics if d.code == "GF012")
    (suppress,) = [a for a in await actions(vscode, uri, gf012.range) if a.title.startswith("Suppress")]
    new = apply(new, edits_for(suppress.edit, uri))
    assert "        scheduler.step()  # gradfix: ignore[GF012]\n" in new
    version = change(vscode, uri, new)
    assert await published(vscode, uri, version) == []


# robustness -------------------------------------------------------------------------------------
async def test_broken_buffer_clears_diagnostics_and_the_server_carries_on(vscode: LanguageClient) -> None:
    uri = open_file(vscode, vscode.root / "broken.py", BUGGY)  # type: ignore[attr-defined]
    assert len(await published(vscode, uri, 1)) == 2
    version = change(vscode, uri, BUGGY.replace("for x, y in batches:", "for x, y in batches"))
    assert await published(vscode, uri, version) == []
    version = change(vscode, uri, "\x00" + BUGGY)  # not even text Python reads
    assert await published(vscode, uri, version) == []
    version = change(vscode, uri, BUGGY)
    assert len(await published(vscode, uri, version)) == 2
    # saving analyses again at once; closing clears the document's diagnostics
    start = len(vscode.published)  # type: ignore[attr-defined]
    vscode.text_document_did_save(lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(uri=uri)))
    assert len(await published(vscode, uri, version, after=start)) == 2
    start = len(vscode.published)  # type: ignore[attr-defined]
    vscode.text_document_did_close(lsp.DidCloseTextDocumentParams(lsp.TextDocumentIdentifier(uri=uri)))
    assert await published(vscode, uri, after=start) == []


async def test_a_newer_edit_supersedes_stale_analyses(vscode: LanguageClient) -> None:
    uri = open_file(vscode, vscode.root / "typing.py", BUGGY)  # type: ignore[attr-defined]
    await published(vscode, uri, 1)
    start = len(vscode.published)  # type: ignore[attr-defined]
    texts = [BUGGY + f"# edit {n}\n" for n in range(8)]
    for text in texts:  # a burst of keystrokes, faster than one analysis
        last = change(vscode, uri, text)
    diagnostics = await published(vscode, uri, last, after=start)
    assert [d.code for d in diagnostics] == ["GF012", "GF001"]
    await asyncio.sleep(0.3)
    versions = [p.version for p in vscode.published[start:] if p.uri == uri]  # type: ignore[attr-defined]
    assert versions[-1] == last  # nothing older arrives after the newest
    assert versions == sorted(versions)
    assert len(versions) < len(texts)  # the burst was debounced, not analysed edit by edit


CORRECT_LOOP = """
for epoch_{n} in range(3):
    for x, y in batches:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
"""


async def test_an_edit_during_an_analysis_drops_that_analysis(vscode: LanguageClient) -> None:
    """A change that arrives while the previous version is being analysed: only the newest
    version is ever published (the stale result is dropped, whatever the timing)."""
    from gradfix.lsp.server import DEBOUNCE_SECONDS

    loop = asyncio.get_running_loop()
    # correct loops that make one analysis take a while (0.3 s here): the edit below must land
    # well inside it, whatever the machine's load (a 1,000-line file took 30 ms, which left a
    # 20 ms window for the edit to arrive in and failed one run in three)
    big = BUGGY + "".join(CORRECT_LOOP.format(n=n) for n in range(200))
    uri = open_file(vscode, vscode.root / "big.py", big)  # type: ignore[attr-defined]
    await published(vscode, uri, 1)
    sent = loop.time()
    version = change(vscode, uri, big + "# a\n")
    await published(vscode, uri, version)
    analysis = max(loop.time() - sent - DEBOUNCE_SECONDS, 0.0)  # how long one analysis takes here
    start = len(vscode.published)  # type: ignore[attr-defined]
    change(vscode, uri, big + "# b\n")
    await asyncio.sleep(DEBOUNCE_SECONDS + 0.3 * analysis)  # its analysis is about a third done
    newest = change(vscode, uri, big + "# c\n")
    assert len(await published(vscode, uri, newest, after=start)) == 2
    await asyncio.sleep(0.2)
    assert [p.version for p in vscode.published[start:] if p.uri == uri] == [newest]  # type: ignore[attr-defined]


# notebooks ------------------------------------------------------------------------------------------
NOTEBOOK_CELLS = [
    (lsp.NotebookCellKind.Markup, "markdown", "# Training\n"),
    (lsp.NotebookCellKind.Code, "python", "import torch\nmodel = torch.nn.Linear(4, 1)\n"),
    (
        lsp.NotebookCellKind.Code,
        "python",
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for x, y in batches:\n    loss = model(x).sum()\n    loss.backward()\n    optimizer.step()",
    ),
]


def ipynb(cells: list[tuple[Any, str, str]]) -> str:
    def source(text: str) -> list[str]:
        return [line for line in re.findall(r"[^\n]*\n|[^\n]+$", text)]

    return json.dumps(
        {
            "cells": [
                {"cell_type": "markdown", "metadata": {}, "source": source(text)}
                if kind == lsp.NotebookCellKind.Markup
                else {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source(text)}
                for kind, _, text in cells
            ],
            "metadata": {},
            "nbformat": 4,
            "nbformat_minor": 5,
        },
        indent=1,
    ) + "\n"


async def test_notebook_cells_get_diagnostics_and_fixes(vscode: LanguageClient) -> None:
    path = vscode.root / "train.ipynb"  # type: ignore[attr-defined]
    path.write_text(ipynb(NOTEBOOK_CELLS), encoding="utf-8")
    uri = path.as_uri()
    cell_uris = [f"vscode-notebook-cell:{path}#cell{n}" for n in range(len(NOTEBOOK_CELLS))]
    vscode.notebook_document_did_open(
        lsp.DidOpenNotebookDocumentParams(
            notebook_document=lsp.NotebookDocument(
                uri=uri,
                notebook_type="jupyter-notebook",
                version=1,
                cells=[lsp.NotebookCell(kind=kind, document=cell) for (kind, _, _), cell in zip(NOTEBOOK_CELLS, cell_uris)],
            ),
            cell_text_documents=[
                lsp.TextDocumentItem(uri=cell, language_id=language, version=1, text=text)
                for (_, language, text), cell in zip(NOTEBOOK_CELLS, cell_uris)
            ],
        )
    )
    diagnostics = await published(vscode, cell_uris[2])
    (cli,) = findings(path)
    assert cli["cell"] == 3
    assert [(d.code, as_tuple(d.range)) for d in diagnostics] == [("GF001", expected_range(cli, NOTEBOOK_CELLS[2][2]))]
    assert await published(vscode, cell_uris[1]) == []

    (fix,) = [a for a in await actions(vscode, cell_uris[2], diagnostics[0].range) if a.title.startswith("GF001")]
    fix = await resolved(vscode, fix)
    new_cell = apply(NOTEBOOK_CELLS[2][2], edits_for(fix.edit, cell_uris[2]))
    fixed_notebook = json.loads(written(path))
    assert new_cell == "".join(fixed_notebook["cells"][2]["source"])
    assert path.read_text(encoding="utf-8") == ipynb(NOTEBOOK_CELLS)

    # an edit of the cell, through notebook sync: the finding goes away
    start = len(vscode.published)  # type: ignore[attr-defined]
    vscode.notebook_document_did_change(
        lsp.DidChangeNotebookDocumentParams(
            notebook_document=lsp.VersionedNotebookDocumentIdentifier(uri=uri, version=2),
            change=lsp.NotebookDocumentChangeEvent(
                cells=lsp.NotebookDocumentCellChanges(
                    text_content=[
                        lsp.NotebookDocumentCellContentChanges(
                            document=lsp.VersionedTextDocumentIdentifier(uri=cell_uris[2], version=2),
                            changes=[lsp.TextDocumentContentChangeWholeDocument(text=new_cell)],
                        )
                    ]
                )
            ),
        )
    )
    assert await published(vscode, cell_uris[2], after=start) == []
    vscode.notebook_document_did_close(
        lsp.DidCloseNotebookDocumentParams(
            notebook_document=lsp.NotebookDocumentIdentifier(uri=uri),
            cell_text_documents=[lsp.TextDocumentIdentifier(uri=cell) for cell in cell_uris],
        )
    )



async def test_hover_on_a_suppression_code_shows_the_rule(vscode: LanguageClient) -> None:
    text = "import torch\nx = 'λ'  # gradfix: ignore[GF004, GF001]\ny = 2  # noqa: E501, GF012\n"
    uri = open_file(vscode, vscode.root / "hover.py", text)  # type: ignore[attr-defined]

    async def hover(line: int, character: int) -> lsp.Hover | None:
        return await vscode.text_document_hover_async(
            lsp.HoverParams(lsp.TextDocumentIdentifier(uri=uri), lsp.Position(line=line, character=character))
        )

    found = await hover(1, 36)
    assert found is not None
    assert found.contents.value.startswith("**GF001** `missing-zero-grad`: An optimizer is stepped")  # type: ignore[union-attr]
    assert found.range == lsp.Range(lsp.Position(1, 34), lsp.Position(1, 39))
    assert "scheduler-before-optimizer" in (await hover(2, 24)).contents.value  # type: ignore[union-attr]
    assert await hover(2, 18) is None  # E501 is not a gradfix rule
    assert await hover(0, 3) is None  # no directive


async def test_unsafe_fixes_are_not_offered_by_default(vscode: LanguageClient) -> None:
    uri = open_file(vscode, vscode.root / "unsafe.py", UNSAFE)  # type: ignore[attr-defined]
    (d,) = await published(vscode, uri, 1)
    assert d.code == "GF008" and d.message.endswith("(unsafe fix available with unsafe-fixes)")
    assert [a.title for a in await actions(vscode, uri, d.range)] == ["Suppress GF008 on this line"]


# a server each: Neovim and Emacs capabilities, settings -------------------------------------------------
async def test_neovim_initialization_options_utf8_and_unsafe_fixes(tmp_path: Path) -> None:
    """Neovim 0.11's capabilities (UTF-8 positions, `changes` edits, lazy resolve); the
    initialization options win over [tool.gradfix]; unknown ones are reported."""
    (tmp_path / "pyproject.toml").write_text('[tool.gradfix]\nselect = ["GF001"]\n', encoding="utf-8")
    options = {"select": "GF008,GF009,GF012", "unsafe-fixes": True, "bogus": 1}
    async with session(tmp_path, capabilities("neovim@v0.11.0"), options) as neovim:
        uri = open_file(neovim, tmp_path / "train.py", BUGGY)
        assert [d.code for d in await published(neovim, uri, 1)] == ["GF012"]  # not the file's GF001
        assert any("unknown setting 'bogus'" in m.message for m in neovim.messages)
        await check_wide_positions(neovim, "utf-8")

        path = tmp_path / "unsafe.py"
        uri = open_file(neovim, path, UNSAFE)
        (d,) = await published(neovim, uri, 1)
        quick = await actions(neovim, uri, d.range, only=["quickfix"])
        assert [a.title for a in quick] == [
            "GF008: clear with the optimizer's zero_grad() (unsafe fix)",
            "Suppress GF008 on this line",
        ]
        assert not quick[0].is_preferred
        fix = await resolved(neovim, quick[0])
        assert fix.edit.document_changes is None  # type: ignore[union-attr]  # Neovim gets `changes`
        assert apply(UNSAFE, edits_for(fix.edit, uri), "utf-8") == written(path, "--unsafe-fixes", "--select", "GF008")


async def test_emacs_eager_edits_crlf_and_pyproject_reload(tmp_path: Path) -> None:
    """Emacs 29's capabilities (UTF-32 positions, no codeAction/resolve: the edit comes with the
    action); a CRLF buffer; [tool.gradfix] of the project, re-read when it changes."""
    async with session(tmp_path, capabilities("emacs")) as eglot:
        await check_wide_positions(eglot, "utf-32-le")

        text = BUGGY.replace("\n", "\r\n")
        path = tmp_path / "crlf.py"
        uri = open_file(eglot, path, text)
        diagnostics = await published(eglot, uri, 1)
        assert [d.code for d in diagnostics] == ["GF012", "GF001"]
        (fix_all,) = await actions(eglot, uri, diagnostics[0].range, only=["source.fixAll.gradfix"])
        assert fix_all.edit is not None
        result = apply(text, edits_for(fix_all.edit, uri), "utf-32-le")
        assert result == written(path)
        assert "\r\n" in result and "\n" not in result.replace("\r\n", "")

        project = tmp_path / "project"
        (project / "src").mkdir(parents=True)
        pyproject = project / "pyproject.toml"
        pyproject.write_text('[tool.gradfix]\nignore = ["GF012"]\n', encoding="utf-8")
        uri = open_file(eglot, project / "src" / "train.py", BUGGY)
        assert [d.code for d in await published(eglot, uri, 1)] == ["GF001"]
        # the server asked Emacs to watch pyproject.toml files, and acts on their changes
        (registration,) = eglot.registrations  # type: ignore[attr-defined]
        assert registration.method == "workspace/didChangeWatchedFiles"
        for content, expected in (
            ('[tool.gradfix]\nselect = ["GF012"]\n', ["GF012"]),
            ('[tool.gradfix]\nselect = ["GF999"]\n', ["GF012", "GF001"]),  # broken: the defaults
        ):
            start = len(eglot.published)  # type: ignore[attr-defined]
            pyproject.write_text(content, encoding="utf-8")
            eglot.workspace_did_change_watched_files(
                lsp.DidChangeWatchedFilesParams([lsp.FileEvent(uri=pyproject.as_uri(), type=lsp.FileChangeType.Changed)])
            )
            assert [d.code for d in await published(eglot, uri, after=start)] == expected
        assert any("GF999" in m.message for m in eglot.messages)
