"""The language server: pygls speaks LSP, `gradfix.lsp.documents` runs the pipeline.

Analysis is synchronous Python, so it runs on one worker thread while the event loop keeps
reading messages. Each document (or notebook) has a debounce timer: an edit restarts it, and
only when it fires is the text snapshotted and queued. A queued analysis whose document has
moved on by the time the worker reaches it is skipped, and a finished one is published only
if its version is still the document's current one: a newer edit supersedes a stale analysis.

A buffer that does not parse gets no gradfix diagnostics (its old ones are cleared): findings
of an older text would point at lines that have moved, and the Python language server
already reports the syntax error. The server never writes a file: fixes are edits the
editor applies to its buffer.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Sequence
from urllib.parse import unquote

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from gradfix import __version__
from gradfix.lsp import documents
from gradfix.project import forget_layouts
from gradfix.records import dataclass, field
from gradfix.runner import Diagnostic, Options

log = logging.getLogger("gradfix.lsp")

SOURCE = "gradfix"
FIX_ALL = "source.fixAll.gradfix"
# time between the last keystroke and the analysis; opening and saving analyse at once
DEBOUNCE_SECONDS = 0.03
PYTHON_SUFFIXES = (".py", ".pyi")


@dataclass(frozen=True)
class Snapshot:
    """One document (or one notebook with its cells) at one version."""

    key: str  # the document's or the notebook's URI, unquoted
    uri: str  # as the client spells it
    version: int | None
    path: Path | None  # on disk (settings are looked up from here); None for unsaved buffers
    name: str  # the path gradfix reports (ends in .ipynb for notebooks)
    text: str = ""  # a Python document
    cells: tuple[documents.Cell, ...] | None = None  # a notebook
    versions: dict[str, int | None] = field(default_factory=dict)  # document URI -> version

    def texts(self) -> dict[str, str]:
        if self.cells is None:
            return {self.uri: self.text}
        return {cell.uri: cell.text for cell in self.cells}


@dataclass
class Analysis:
    snapshot: Snapshot
    settings: documents.Settings
    found: dict[str, list[Diagnostic]]  # document URI -> gradfix findings
    published: dict[str, list[lsp.Diagnostic]]  # the same, as sent (same order)
    error: str | None = None  # the document could not be read (syntax error, ...)
    edits: dict = field(default_factory=dict)  # type: ignore[type-arg]  # fix target -> edit, for this version

    def fixable(self) -> bool:
        return any(d.fixable for found in self.found.values() for d in found)


class GradfixServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "gradfix",
            __version__,
            text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
            notebook_document_sync=lsp.NotebookDocumentSyncOptions(
                notebook_selector=[
                    lsp.NotebookDocumentFilterWithCells(cells=[lsp.NotebookCellLanguage("python")], notebook="*")
                ],
                save=True,
            ),
        )
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gradfix-analysis")
        self.client = documents.ClientSettings()
        self.setting_problems: list[str] = []
        self.resolver = documents.SettingsResolver()
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.current: dict[str, int | None] = {}  # key -> newest version (read by the worker)
        self.analyses: dict[str, Analysis] = {}
        self.running: dict[str, tuple[Snapshot, asyncio.Future]] = {}  # type: ignore[type-arg]
        self.tasks: set[asyncio.Future] = set()  # type: ignore[type-arg]
        self.shown: set[str] = set()  # configuration errors already shown

    # documents ----------------------------------------------------------------------------
    def root(self) -> Path | None:
        try:
            root = self.workspace.root_path
        except RuntimeError:
            return None
        return Path(root) if root else None

    def unit_of(self, uri: str) -> str | None:
        """The key a document is analysed under: its own, or its notebook's for a cell."""
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        if notebook is not None:
            return unquote(notebook.uri)
        if unquote(uri) in self.workspace.notebook_documents:
            return unquote(uri)
        document = self.workspace.text_documents.get(unquote(uri))
        if document is None or not _is_python(document.uri, document.language_id):
            return None
        return unquote(uri)

    def snapshot(self, key: str) -> Snapshot | None:
        notebook = self.workspace.notebook_documents.get(key)
        if notebook is not None:
            cells = []
            versions: dict[str, int | None] = {}
            for cell in notebook.cells:
                document = self.workspace.text_documents.get(unquote(cell.document))
                text = document.source if document is not None else ""
                python = (
                    cell.kind == lsp.NotebookCellKind.Code
                    and document is not None
                    and (document.language_id or "python") == "python"
                )
                cells.append(documents.Cell(cell.document, python, text))
                versions[cell.document] = document.version if document is not None else None
            path = _path(notebook.uri)
            name = str(path) if path is not None and path.suffix == ".ipynb" else "notebook.ipynb"
            return Snapshot(key, notebook.uri, notebook.version, path, name, cells=tuple(cells), versions=versions)
        document = self.workspace.text_documents.get(key)
        if document is None:
            return None
        path = _path(document.uri)
        name = str(path) if path is not None else "untitled.py"
        if name.endswith(".ipynb"):
            name += ".py"  # a notebook's cell opened as a Python document
        return Snapshot(
            key, document.uri, document.version, path, name, text=document.source, versions={document.uri: document.version}
        )

    # scheduling ------------------------------------------------------------------------------
    def changed(self, key: str, version: int | None, delay: float) -> None:
        self.current[key] = version
        old = self.timers.pop(key, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self.timers[key] = loop.call_later(delay, self._start, key)

    def _start(self, key: str) -> None:
        self.timers.pop(key, None)
        snapshot = self.snapshot(key)
        if snapshot is not None:
            self._spawn(self.analyse(snapshot))

    def _spawn(self, coroutine) -> None:  # type: ignore[no-untyped-def]
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def reanalyse_all(self) -> None:
        """After a settings change: analyses under way keep the old settings, so none is shared."""
        self.running.clear()
        for key, version in list(self.current.items()):
            self.changed(key, version, 0)

    def forget(self, key: str, uris: Sequence[str]) -> None:
        timer = self.timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        self.current.pop(key, None)
        analysis = self.analyses.pop(key, None)
        for uri in set(uris) | set(analysis.published if analysis else ()):
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    async def analyse(self, snapshot: Snapshot) -> Analysis | None:
        """Analyse on the worker thread; publish unless a newer version arrived meanwhile.
        A request for the snapshot being analysed waits for that analysis."""
        running = self.running.get(snapshot.key)
        if running is not None and running[0] == snapshot:
            return await asyncio.shield(running[1])
        future = asyncio.ensure_future(self._analyse_and_publish(snapshot))
        self.running[snapshot.key] = (snapshot, future)
        try:
            return await asyncio.shield(future)
        finally:
            if self.running.get(snapshot.key, (None, None))[1] is future:
                del self.running[snapshot.key]

    async def _analyse_and_publish(self, snapshot: Snapshot) -> Analysis | None:
        loop = asyncio.get_running_loop()
        try:
            analysis = await loop.run_in_executor(self.worker, self._analyse, snapshot)
        except Exception:  # a bug in gradfix must not take the server down
            log.exception("gradfix failed on %s", snapshot.uri)
            analysis = Analysis(snapshot, documents.Settings(Options(frozenset())), {}, {}, "internal error")
            analysis.published = {uri: [] for uri in snapshot.texts()}
        if analysis is None or self.current.get(snapshot.key, object()) != snapshot.version:
            log.info("%s: version %s superseded, its analysis dropped", snapshot.uri, snapshot.version)
            return None
        previous = self.analyses.get(snapshot.key)
        self.analyses[snapshot.key] = analysis
        error = analysis.settings.error
        if error and error not in self.shown:  # before the diagnostics it explains
            self.shown.add(error)
            self.window_show_message(
                lsp.ShowMessageParams(lsp.MessageType.Error, f"{error} (gradfix uses its defaults until it is fixed)")
            )
        for uri in set(previous.published if previous else ()) - set(analysis.published):
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        for uri, diagnostics in analysis.published.items():
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=snapshot.versions.get(uri))
            )
        return analysis

    def _analyse(self, snapshot: Snapshot) -> Analysis | None:
        """On the worker thread."""
        if self.current.get(snapshot.key, object()) != snapshot.version:
            return None  # superseded while it waited
        settings = self.resolver.resolve(snapshot.path, self.client, self.root())
        texts = snapshot.texts()
        if settings.excluded:
            return Analysis(snapshot, settings, {uri: [] for uri in texts}, {uri: [] for uri in texts})
        if snapshot.cells is None:
            result = documents.check(snapshot.name, snapshot.text, settings.options)
            found = {snapshot.uri: result.diagnostics if result.error is None else []}
        else:
            found, result = documents.check_notebook(snapshot.name, snapshot.cells, settings.options)
        if result.error is not None:
            log.info("%s", result.error)
        for note in result.notes:
            log.info("%s", note)
        published = {uri: self._to_lsp(uri, texts[uri], found.get(uri, [])) for uri in texts}
        return Analysis(snapshot, settings, found, published, result.error)

    async def fresh(self, key: str) -> Analysis | None:
        """The analysis of the document's current text, made now if it is not there yet."""
        snapshot = self.snapshot(key)
        if snapshot is None:
            return None
        analysis = self.analyses.get(key)
        if analysis is not None and analysis.snapshot.version == snapshot.version:
            if analysis.snapshot.texts() == snapshot.texts():
                return analysis
        timer = self.timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        self.current[key] = snapshot.version
        return await self.analyse(snapshot)

    # positions ---------------------------------------------------------------------------------
    def _column(self, lines: list[str], line: int, column: int) -> int:
        """0-based code-point column -> the client's position encoding."""
        if line >= len(lines):
            return 0
        return self.workspace.position_codec.client_num_units(lines[line][:column])

    def _from_client(self, lines: list[str], position: lsp.Position) -> int:
        """The client's column -> a 0-based code-point column."""
        if position.line >= len(lines):
            return 0
        text = lines[position.line].rstrip("\r\n")
        codec = self.workspace.position_codec
        units = 0
        for index, char in enumerate(text):
            if units >= position.character:
                return index
            units += codec.client_num_units(char)
        return len(text)

    def _range(self, lines: list[str], start: tuple[int, int], end: tuple[int, int]) -> lsp.Range:
        return lsp.Range(
            start=lsp.Position(line=start[0], character=self._column(lines, *start)),
            end=lsp.Position(line=end[0], character=self._column(lines, *end)),
        )

    def _to_lsp(self, uri: str, text: str, found: list[Diagnostic]) -> list[lsp.Diagnostic]:
        lines = documents.split_lines(text)
        loops = documents.Loops.of(text) if found else None
        out = []
        for d in found:
            start = (d.line - 1, d.column - 1)
            end = (d.end_line - 1, d.end_column - 1)
            page = documents.rule_doc_path(d.code)
            # why no fix is offered for it (the setting that would offer one)
            fix = " (unsafe fix available with unsafe-fixes)" if d.fix_safety == "unsafe" and not d.fixable else ""
            related = None
            loop = loops.around(d.line) if loops is not None else None
            if loop is not None:
                header, first, last = loop
                related = [
                    lsp.DiagnosticRelatedInformation(
                        location=lsp.Location(uri=uri, range=self._range(lines, (header - 1, first), (header - 1, last))),
                        message="the loop this finding is in",
                    )
                ]
            out.append(
                lsp.Diagnostic(
                    range=self._range(lines, start, end),
                    message=d.message + fix,
                    severity=lsp.DiagnosticSeverity.Warning,
                    code=d.code,
                    code_description=lsp.CodeDescription(href=page.as_uri()) if page else None,
                    source=SOURCE,
                    related_information=related,
                    data={"code": d.code, "line": d.line, "column": d.column, "cell": d.cell},
                )
            )
        return out

    # edits -----------------------------------------------------------------------------------------
    def _document_edit(self, uri: str, version: int | None, old: str, new: str) -> tuple[str, int | None, list[lsp.TextEdit]]:
        lines = documents.split_lines(old)
        edits = [lsp.TextEdit(range=self._range(lines, e.start, e.end), new_text=e.text) for e in documents.line_edits(old, new)]
        return uri, version, edits

    def workspace_edit(self, changes: list[tuple[str, int | None, list[lsp.TextEdit]]]) -> lsp.WorkspaceEdit:
        capabilities = self.client_capabilities.workspace
        versioned = bool(capabilities and capabilities.workspace_edit and capabilities.workspace_edit.document_changes)
        if versioned:
            return lsp.WorkspaceEdit(
                document_changes=[
                    lsp.TextDocumentEdit(
                        text_document=lsp.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version),
                        edits=edits,  # type: ignore[arg-type]
                    )
                    for uri, version, edits in changes
                ]
            )
        return lsp.WorkspaceEdit(changes={uri: edits for uri, _, edits in changes})

    def fix_edit(self, analysis: Analysis, only: tuple[str, int, int, int | None] | None) -> lsp.WorkspaceEdit | None:
        """On the worker thread: one finding's fix (`only`), or every fix `--write` applies."""

        if only in analysis.edits:
            return analysis.edits[only]  # type: ignore[no-any-return]
        analysis.edits[only] = edit = self._fix_edit(analysis, only)
        return edit

    def _fix_edit(self, analysis: Analysis, only: tuple[str, int, int, int | None] | None) -> lsp.WorkspaceEdit | None:
        from gradfix import records

        snapshot = analysis.snapshot
        options = records.replace(analysis.settings.options, fix=True, only=only)
        texts = snapshot.texts()
        if snapshot.cells is None:
            new = documents.fixed(snapshot.name, snapshot.text, options)
            new_texts = {snapshot.uri: new} if new is not None and new != snapshot.text else {}
        else:
            new_texts = documents.fixed_notebook(snapshot.name, snapshot.cells, options)
        if not new_texts:
            return None
        changes = [self._document_edit(uri, snapshot.versions.get(uri), texts[uri], new) for uri, new in new_texts.items()]
        return self.workspace_edit(changes)


def _path(uri: str) -> Path | None:
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return Path(path) if path else None


def _is_python(uri: str, language_id: str | None) -> bool:
    if language_id:
        return language_id == "python"
    return unquote(uri).endswith(PYTHON_SUFFIXES)


def _wants(only: Sequence[str] | None, kind: str) -> bool:
    if not only:
        return True
    return any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


def _overlaps(a: lsp.Range, b: lsp.Range) -> bool:
    def key(position: lsp.Position) -> tuple[int, int]:
        return (position.line, position.character)

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def create_server() -> GradfixServer:  # noqa: C901 (one registration per feature)
    server = GradfixServer()

    @server.feature(lsp.INITIALIZE)
    def initialize(ls: GradfixServer, params: lsp.InitializeParams) -> None:
        ls.client, ls.setting_problems = documents.client_settings(params.initialization_options)

    @server.feature(lsp.INITIALIZED)
    async def initialized(ls: GradfixServer, params: lsp.InitializedParams) -> None:
        for problem in ls.setting_problems:
            ls.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Error, problem))
        watched = ls.client_capabilities.workspace and ls.client_capabilities.workspace.did_change_watched_files
        if watched and watched.dynamic_registration:
            registration = lsp.Registration(
                id="gradfix-pyproject",
                method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=lsp.DidChangeWatchedFilesRegistrationOptions(
                    watchers=[lsp.FileSystemWatcher(glob_pattern="**/pyproject.toml")]
                ),
            )
            try:
                await ls.client_register_capability_async(lsp.RegistrationParams(registrations=[registration]))
            except Exception as error:  # the client said no: settings still reload on the next edit
                log.info("could not watch pyproject.toml: %s", error)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: GradfixServer, params: lsp.DidOpenTextDocumentParams) -> None:
        forget_layouts()  # files may have been added or moved since the last open or save
        key = ls.unit_of(params.text_document.uri)
        if key is not None:
            ls.changed(key, params.text_document.version, 0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: GradfixServer, params: lsp.DidChangeTextDocumentParams) -> None:
        key = ls.unit_of(params.text_document.uri)
        if key is not None:
            ls.changed(key, params.text_document.version, DEBOUNCE_SECONDS)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: GradfixServer, params: lsp.DidSaveTextDocumentParams) -> None:
        if unquote(params.text_document.uri).endswith("pyproject.toml"):
            ls.resolver.clear()
            ls.reanalyse_all()
            return
        forget_layouts()
        key = ls.unit_of(params.text_document.uri)
        if key is not None and key not in ls.timers:
            ls.changed(key, ls.current.get(key), 0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: GradfixServer, params: lsp.DidCloseTextDocumentParams) -> None:
        key = unquote(params.text_document.uri)
        if key in ls.current or key in ls.analyses:
            ls.forget(key, [params.text_document.uri])

    @server.feature(lsp.NOTEBOOK_DOCUMENT_DID_OPEN)
    def notebook_open(ls: GradfixServer, params: lsp.DidOpenNotebookDocumentParams) -> None:
        forget_layouts()
        ls.changed(unquote(params.notebook_document.uri), params.notebook_document.version, 0)

    @server.feature(lsp.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_change(ls: GradfixServer, params: lsp.DidChangeNotebookDocumentParams) -> None:
        ls.changed(unquote(params.notebook_document.uri), params.notebook_document.version, DEBOUNCE_SECONDS)
        structure = params.change.cells.structure if params.change.cells else None
        for closed in (structure.did_close or []) if structure else []:
            ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=closed.uri, diagnostics=[]))

    @server.feature(lsp.NOTEBOOK_DOCUMENT_DID_SAVE)
    def notebook_save(ls: GradfixServer, params: lsp.DidSaveNotebookDocumentParams) -> None:
        forget_layouts()
        key = unquote(params.notebook_document.uri)
        if key in ls.current and key not in ls.timers:
            ls.changed(key, ls.current[key], 0)

    @server.feature(lsp.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_close(ls: GradfixServer, params: lsp.DidCloseNotebookDocumentParams) -> None:
        ls.forget(unquote(params.notebook_document.uri), [cell.uri for cell in params.cell_text_documents])

    @server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched_files(ls: GradfixServer, params: lsp.DidChangeWatchedFilesParams) -> None:
        if any(unquote(change.uri).endswith("pyproject.toml") for change in params.changes):
            ls.resolver.clear()
            ls.reanalyse_all()

    @server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(ls: GradfixServer, params: lsp.DidChangeConfigurationParams) -> None:
        # only settings meant for gradfix: a "gradfix" object, or nothing but gradfix's keys
        settings = params.settings
        if not isinstance(settings, dict) or not settings:
            return
        if "gradfix" not in settings and not set(settings) <= set(documents.CLIENT_KEYS):
            return
        ls.client, problems = documents.client_settings(settings)
        for problem in problems:
            ls.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Error, problem))
        ls.reanalyse_all()

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION,
        lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix, FIX_ALL], resolve_provider=True),
    )
    async def code_action(ls: GradfixServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
        key = ls.unit_of(params.text_document.uri)
        if key is None:
            return None
        analysis = await ls.fresh(key)
        if analysis is None:
            return None
        uri = params.text_document.uri
        texts = analysis.snapshot.texts()
        only = params.context.only
        actions: list[lsp.CodeAction] = []
        if _wants(only, lsp.CodeActionKind.QuickFix) and uri in texts:
            for d, published in zip(analysis.found.get(uri, []), analysis.published.get(uri, [])):
                if not _overlaps(published.range, params.range):
                    continue
                if d.fixable:
                    unsafe = " (unsafe fix)" if d.fix_safety == "unsafe" else ""
                    title = documents.FIX_TITLES.get(d.code, "apply the fix")
                    actions.append(
                        lsp.CodeAction(
                            title=f"{d.code}: {title}{unsafe}",
                            kind=lsp.CodeActionKind.QuickFix,
                            diagnostics=[published],
                            is_preferred=d.fix_safety == "safe",
                            data={"key": key, "version": analysis.snapshot.version, "only": [d.code, d.line, d.column, d.cell]},
                        )
                    )
                edit = documents.suppress_edit(texts[uri], d.line, d.code)
                if edit is not None:
                    lines = documents.split_lines(texts[uri])
                    text_edit = lsp.TextEdit(range=ls._range(lines, edit.start, edit.end), new_text=edit.text)
                    actions.append(
                        lsp.CodeAction(
                            title=f"Suppress {d.code} on this line",
                            kind=lsp.CodeActionKind.QuickFix,
                            diagnostics=[published],
                            edit=ls.workspace_edit([(uri, analysis.snapshot.versions.get(uri), [text_edit])]),
                        )
                    )
        if _wants(only, FIX_ALL) and analysis.fixable():
            actions.append(
                lsp.CodeAction(
                    title="gradfix: apply every fix" + (" (unsafe fixes included)" if analysis.settings.options.unsafe_fixes else " (safe fixes)"),
                    kind=FIX_ALL,
                    data={"key": key, "version": analysis.snapshot.version, "only": None},
                )
            )
        if not _resolves_edits(ls.client_capabilities):
            resolved = [await resolve(ls, action) if action.edit is None else action for action in actions]
            actions = [action for action in resolved if action.edit is not None]
        return actions

    @server.feature(lsp.CODE_ACTION_RESOLVE)
    async def resolve(ls: GradfixServer, action: lsp.CodeAction) -> lsp.CodeAction:
        data = action.data if isinstance(action.data, dict) else None
        if data is None or action.edit is not None:
            return action
        analysis = await ls.fresh(data.get("key", ""))
        if analysis is None or analysis.snapshot.version != data.get("version"):
            log.info("code action for an older version of the document: not resolved")
            return action
        only = data.get("only")
        target = (only[0], only[1], only[2], only[3]) if only else None
        loop = asyncio.get_running_loop()
        action.edit = await loop.run_in_executor(ls.worker, ls.fix_edit, analysis, target)
        return action

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: GradfixServer, params: lsp.HoverParams) -> lsp.Hover | None:
        document = ls.workspace.text_documents.get(unquote(params.text_document.uri))
        if document is None:
            return None
        lines = documents.split_lines(document.source)
        if params.position.line >= len(lines):
            return None
        line = lines[params.position.line].rstrip("\r\n")
        found = documents.code_at(line, ls._from_client(lines, params.position))
        if found is None:
            return None
        code, start, end = found
        formats = None
        text_capabilities = ls.client_capabilities.text_document
        if text_capabilities and text_capabilities.hover:
            formats = text_capabilities.hover.content_format
        markdown = formats is None or lsp.MarkupKind.Markdown in formats
        return lsp.Hover(
            contents=lsp.MarkupContent(
                kind=lsp.MarkupKind.Markdown if markdown else lsp.MarkupKind.PlainText,
                value=documents.rule_hover(code, markdown),
            ),
            range=ls._range(lines, (params.position.line, start), (params.position.line, end)),
        )

    @server.feature(lsp.SHUTDOWN)
    def shutdown(ls: GradfixServer, params: None) -> None:
        for timer in ls.timers.values():
            timer.cancel()
        ls.timers.clear()
        ls.worker.shutdown(wait=False, cancel_futures=True)

    return server


def _resolves_edits(capabilities: lsp.ClientCapabilities) -> bool:
    """Whether the client asks `codeAction/resolve` for a missing edit (else edits are eager)."""
    text = capabilities.text_document
    code_action = text.code_action if text else None
    support = code_action.resolve_support if code_action else None
    return bool(support and "edit" in support.properties and code_action.data_support)  # type: ignore[union-attr]


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gradfix server",
        description="Run gradfix as a Language Server on stdin/stdout (what an editor starts).",
    )
    parser.add_argument("--stdio", action="store_true", help="Talk LSP over stdin/stdout (the default and only transport).")
    parser.add_argument("--verbose", "-v", action="count", default=0, help="Log more to stderr (-vv: debug).")
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    args = arguments().parse_args(list(argv) if argv is not None else sys.argv[1:])
    level = [logging.WARNING, logging.INFO, logging.DEBUG][min(args.verbose, 2)]
    logging.basicConfig(stream=sys.stderr, level=level, format="gradfix server: %(levelname)s: %(message)s")
    if not args.verbose:  # pygls warns about the client's ordinary shutdown sequence
        logging.getLogger("pygls").setLevel(logging.ERROR)
    create_server().start_io()


if __name__ == "__main__":
    main()
