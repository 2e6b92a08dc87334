"""Time from `didChange` to published diagnostics in the real `gradfix server` (a benchmark, not a test).

    python benchmarks/lsp_latency.py                 # 40 edits of benchmarks/lsp_train_300.py
    python benchmarks/lsp_latency.py --edits 100 --file path/to/train.py

Starts `python -m gradfix server` (the interpreter running this script), opens the file, then
types: each edit inserts or deletes one space at the end of a line in the middle of the file (an
incremental change, like a keystroke), waits for the publishDiagnostics of that version and records the time since the
didChange was sent. The edits are one at a time, so no analysis is superseded. The time
includes the server's debounce (gradfix.lsp.server.DEBOUNCE_SECONDS). For comparison it also
times `process_source` on the same text in this process (the analysis alone).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def summary(name: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p90 = ms[min(len(ms) - 1, round(0.9 * (len(ms) - 1)))]
    return f"{name}: median {statistics.median(ms):.1f} ms, p90 {p90:.1f} ms, min {ms[0]:.1f} ms, max {ms[-1]:.1f} ms (n={len(ms)})"


async def measure(path: Path, edits: int) -> list[float]:
    client = LanguageClient("gradfix-benchmark", "1")
    published: dict[int, float] = {}
    arrived = asyncio.Event()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_publish(params: lsp.PublishDiagnosticsParams) -> None:
        if params.version is not None:
            published.setdefault(params.version, time.perf_counter())
            arrived.set()

    await client.start_io(sys.executable, "-m", "gradfix", "server")
    await client.initialize_async(
        lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(
                text_document=lsp.TextDocumentClientCapabilities(
                    publish_diagnostics=lsp.PublishDiagnosticsClientCapabilities(version_support=True)
                )
            ),
            root_uri=path.parent.as_uri(),
        )
    )
    client.initialized(lsp.InitializedParams())
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()

    async def wait_for(version: int) -> float:
        while version not in published:
            arrived.clear()
            await asyncio.wait_for(arrived.wait(), timeout=60)
        return published[version]

    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))
    await wait_for(1)  # start-up and the first analysis (imports) are not part of the figure

    lines = text.split("\n")
    # a keystroke in the middle of the file: a space typed at the end of a line, then deleted
    line = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].strip() and not lines[i].endswith("\\"))
    end = len(lines[line])
    latencies = []
    for n in range(edits):
        version = n + 2
        if n % 2 == 0:
            change = lsp.TextDocumentContentChangePartial(
                range=lsp.Range(lsp.Position(line, end), lsp.Position(line, end)), text=" "
            )
        else:
            change = lsp.TextDocumentContentChangePartial(
                range=lsp.Range(lsp.Position(line, end), lsp.Position(line, end + 1)), text=""
            )
        sent = time.perf_counter()
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(lsp.VersionedTextDocumentIdentifier(uri=uri, version=version), [change])
        )
        latencies.append(await wait_for(version) - sent)
        await asyncio.sleep(0.05)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return latencies


def analysis_alone(path: Path, runs: int) -> tuple[list[float], list[float]]:
    from gradfix.lsp.documents import SettingsResolver, check, client_settings

    text = path.read_text(encoding="utf-8")
    settings = SettingsResolver().resolve(path, client_settings(None)[0])
    check(str(path), text, settings.options)  # imports
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.thread_time()
        result = check(str(path), text, settings.options)
        wall.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
    assert result.error is None
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=HERE / "lsp_train_300.py")
    parser.add_argument("--edits", type=int, default=40)
    args = parser.parse_args()
    from gradfix.lsp.server import DEBOUNCE_SECONDS

    lines = len(args.file.read_text(encoding="utf-8").splitlines())
    print(f"{args.file.name}: {lines} lines; debounce {DEBOUNCE_SECONDS * 1000:.0f} ms; {os.cpu_count()} cores")
    before = os.getloadavg()[0]
    print(summary("didChange -> publishDiagnostics", asyncio.run(measure(args.file, args.edits))))
    wall, cpu = analysis_alone(args.file, args.edits)
    print(summary("process_source alone (in process), wall", wall))
    # CPU time barely depends on other load: it is what the analysis costs on an idle core
    print(summary("process_source alone (in process), CPU", cpu))
    # other processes compete for the cores: a load average well above 1 inflates every figure
    print(f"load average (1 min): {before:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
