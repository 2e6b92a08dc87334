"""The editor set-ups in README.md and editors/: each starts `gradfix server` with arguments the
server accepts, and passes only settings the server knows. The editors themselves are not run
here; tests/test_lsp.py drives the server under the capabilities VS Code, Neovim and Emacs declare.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib  # type: ignore[no-redef]

from conftest import ROOT
from gradfix.lsp.documents import client_settings
from gradfix.lsp.server import arguments

README = (ROOT / "README.md").read_text(encoding="utf-8")
EDITORS = README.split("\n## Editors\n", 1)[1].split("\n## ", 1)[0]


def block(heading: str, language: str) -> str:
    section = EDITORS.split(f"\n### {heading}", 1)[1].split("\n### ", 1)[0]
    match = re.search(rf"```{language}\n(.*?)```", section, re.S)
    assert match, f"{heading}: no ```{language} block"
    return match.group(1)


def accepted(args: list[str]) -> None:
    """The server's own argument parser takes these (it exits on anything else)."""
    arguments().parse_args(args)


def test_every_editor_has_a_section() -> None:
    headings = re.findall(r"^### (.+)$", EDITORS, re.M)
    for editor in ("VS Code", "Neovim", "Helix", "Zed", "Emacs (eglot)", "PyCharm (LSP4IJ)"):
        assert any(h.startswith(editor) for h in headings), editor


def test_neovim_block() -> None:
    text = block("Neovim", "lua")
    assert re.search(r'cmd = \{ "gradfix", "server" \}', text)
    assert 'vim.lsp.config("gradfix"' in text and 'vim.lsp.enable("gradfix")' in text
    accepted([])


def test_helix_block() -> None:
    config = tomllib.loads(block("Helix", "toml").replace("# config", "config"))
    server = config["language-server"]["gradfix"]
    assert (server["command"], server["args"]) == ("gradfix", ["server"])
    accepted(server["args"][1:])
    assert client_settings(server["config"]) == (client_settings({"extend-select": ["GF007"]})[0], [])
    (python,) = config["language"]
    assert python["name"] == "python" and "gradfix" in python["language-servers"]


def _jsonc(text: str) -> dict:  # type: ignore[type-arg]
    return json.loads(re.sub(r"\s//[^\n]*", "", text))


def test_zed_block_and_extension() -> None:
    settings = _jsonc(block("Zed", "jsonc"))
    binary = settings["lsp"]["gradfix"]["binary"]
    assert (binary["path"], binary["arguments"]) == ("gradfix", ["server"])
    assert client_settings(settings["lsp"]["gradfix"]["initialization_options"]) == (client_settings({})[0], [])
    assert "gradfix" in settings["languages"]["Python"]["language_servers"]
    manifest = tomllib.loads((ROOT / "editors" / "zed" / "extension.toml").read_text(encoding="utf-8"))
    assert manifest["language_servers"]["gradfix"]["languages"] == ["Python"]
    source = (ROOT / "editors" / "zed" / "src" / "lib.rs").read_text(encoding="utf-8")
    assert 'worktree.which("gradfix")' in source and 'vec!["server".to_string()]' in source


def test_emacs_block() -> None:
    text = block("Emacs", "elisp")
    assert '. ("gradfix" "server")' in text
    assert "python-mode" in text and "python-ts-mode" in text


def test_pycharm_lsp4ij_table_and_template() -> None:
    section = EDITORS.split("\n### PyCharm (LSP4IJ)", 1)[1].split("\n### ", 1)[0]
    assert "| Server | Command | `gradfix server`" in section
    folder = ROOT / "editors" / "lsp4ij" / "gradfix"
    template = json.loads((folder / "template.json").read_text(encoding="utf-8"))
    assert template["programArgs"]["default"].split() == ["gradfix", "server"]
    (mapping,) = template["fileTypeMappings"]
    assert mapping["languageId"] == "python" and "*.py" in mapping["fileType"]["patterns"]
    options = json.loads((folder / "initializationOptions.json").read_text(encoding="utf-8"))
    assert client_settings(options)[1] == []


def test_vscode_extension_manifest() -> None:
    folder = ROOT / "editors" / "vscode"
    manifest = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    assert (folder / manifest["main"]).is_file()
    assert manifest["engines"]["vscode"].startswith("^1.")
    assert "onLanguage:python" in manifest["activationEvents"]
    assert re.fullmatch(r"\^9\.\d+\.\d+", manifest["dependencies"]["vscode-languageclient"])
    properties = manifest["contributes"]["configuration"]["properties"]
    assert properties["gradfix.path"]["default"] == "gradfix"
    # every other setting is one the server takes as an initialization option
    sent = {key.removeprefix("gradfix."): None for key in properties if key != "gradfix.path"}
    example = {"select": ["GF001"], "extendSelect": ["GF007"], "ignore": ["GF004"], "unsafeFixes": True}
    assert set(sent) == set(example)
    assert client_settings(example)[1] == []
    source = (folder / "extension.js").read_text(encoding="utf-8")
    assert 'args: ["server"], transport: TransportKind.stdio' in source
    assert 'const SETTINGS = ["select", "extendSelect", "ignore", "unsafeFixes"];' in source
    accepted(["--stdio"])  # what TransportKind.stdio appends
    settings = _jsonc(block("VS Code", "jsonc"))
    assert set(settings) - {"[python]", "gradfix.path"} <= set(properties)
    assert settings["[python]"]["editor.codeActionsOnSave"] == {"source.fixAll.gradfix": "explicit"}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_vscode_extension_is_valid_javascript() -> None:
    result = subprocess.run(["node", "--check", str(ROOT / "editors" / "vscode" / "extension.js")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
