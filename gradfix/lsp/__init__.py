"""`gradfix server`: a Language Server over stdio (pygls), on the same pipeline as the command line.

    gradfix server            # what an editor starts
    python -m gradfix.lsp     # the same

`gradfix.lsp.documents` holds what the server does with a document's text (settings, the
pipeline call, notebooks, edits, suppressions, hovers) without any protocol types;
`gradfix.lsp.server` speaks LSP. Nothing here is imported by a plain `gradfix file.py` run.
"""

from __future__ import annotations

from typing import Sequence


def main(argv: Sequence[str] | None = None) -> None:
    from gradfix.lsp.server import main as serve

    serve(argv)
