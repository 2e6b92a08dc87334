"""`[tool.gradfix]` in the nearest `pyproject.toml`: found, read and validated here.

    [tool.gradfix]
    select = ["GF001", "GF002"]     # replaces the default rule set
    extend-select = ["GF010"]       # adds to it
    ignore = ["GF002"]              # removes from it
    exclude = ["legacy/", "*_old.py"]  # gitignore-style, relative to the pyproject.toml
    unsafe-fixes = false
    cache-dir = ".gradfix_cache"    # relative to the pyproject.toml (default: <project root>/.gradfix_cache)

Command-line flags win over the file: `--select` replaces `select` and `extend-select`,
`--ignore` replaces `ignore`, `--exclude` replaces `exclude`, `--unsafe-fixes/--no-unsafe-fixes`
replaces `unsafe-fixes`; `--no-cache` and the `GRADFIX_CACHE_DIR` environment variable win
over `cache-dir`. An unknown key, a value of the wrong type or an unknown rule code is
an error (exit 2), never silently ignored.
"""

from __future__ import annotations

import os

from gradfix.records import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Iterator, Sequence

PROJECT_MARKERS = ("pyproject.toml", "setup.py", ".git")
CACHE_DIR_NAME = ".gradfix_cache"
CACHE_DIR_VARIABLE = "GRADFIX_CACHE_DIR"
KEYS = ("select", "extend-select", "ignore", "exclude", "unsafe-fixes", "cache-dir")
_LISTS = ("select", "extend-select", "ignore", "exclude")


class ConfigError(Exception):
    """A configuration that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class Config:
    path: str | None = None  # the pyproject.toml it came from
    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    unsafe_fixes: bool | None = None
    cache_dir: str | None = None  # absolute: anchored at the pyproject.toml's folder
    root: str = field(default_factory=os.getcwd)  # where `exclude` patterns are anchored


def _load_toml(path: str) -> dict[str, Any]:
    try:
        import tomllib  # type: ignore[import-not-found]
    except ModuleNotFoundError:  # Python < 3.11
        try:
            import tomli as tomllib  # type: ignore[no-redef]
        except ModuleNotFoundError:
            raise ConfigError(f"{path}: reading pyproject.toml on this Python needs the `tomli` package") from None
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None


def _has_section(path: str) -> bool:
    """A cheap look before parsing: most pyproject.toml files have no [tool.gradfix]."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return False
    return "gradfix" in text and "gradfix" in _load_toml(path).get("tool", {})


def find_config_file(paths: Sequence[str], start: str | None = None) -> str | None:
    """The nearest `pyproject.toml` holding `[tool.gradfix]`, walking up from the paths given.

    The walk starts at the deepest folder that holds every path (the current folder for
    stdin or no paths), like ruff and black.
    """
    for folder in _upward(paths, start):
        candidate = os.path.join(folder, "pyproject.toml")
        if os.path.isfile(candidate) and _has_section(candidate):
            return candidate
    return None


def _upward(paths: Sequence[str], start: str | None = None) -> Iterator[str]:
    """The deepest folder holding every path (stdin aside; else the current folder), then
    each of its parents."""
    anchors = [os.path.abspath(p) for p in paths if p != "-"]
    if start is not None:
        anchors.append(os.path.abspath(start))
    if not anchors:
        anchors = [os.getcwd()]
    folder = os.path.commonpath([a if os.path.isdir(a) else os.path.dirname(a) for a in anchors])
    while True:
        yield folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return
        folder = parent


def project_root(paths: Sequence[str]) -> str | None:
    """The nearest folder, from the one holding every path upward, that holds a
    `pyproject.toml`, a `setup.py` or a `.git` (None for stdin alone, or outside any project)."""
    if all(p == "-" for p in paths):
        return None
    for folder in _upward(paths):
        if any(os.path.exists(os.path.join(folder, marker)) for marker in PROJECT_MARKERS):
            return folder
    return None


def cache_directory(paths: Sequence[str], config: Config) -> str | None:
    """Where results are cached: `GRADFIX_CACHE_DIR`, else `cache-dir` from the configuration,
    else `.gradfix_cache` at the project root; None outside a project (and for stdin alone)."""
    from_env = os.environ.get(CACHE_DIR_VARIABLE, "").strip()
    if from_env:
        return os.path.abspath(os.path.expanduser(from_env))
    if config.cache_dir is not None:
        return config.cache_dir
    root = project_root(paths)
    return None if root is None else os.path.join(root, CACHE_DIR_NAME)


def load_config(path: str | None) -> Config:
    if path is None:
        return Config()
    folder = os.path.dirname(os.path.abspath(path))
    table = _load_toml(path).get("tool", {}).get("gradfix", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.gradfix] must be a table")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        known = ", ".join(KEYS)
        raise ConfigError(f"{path}: unknown key(s) in [tool.gradfix]: {', '.join(unknown)} (known: {known})")
    values: dict[str, Any] = {}
    for key in _LISTS:
        if key not in table:
            continue
        value = table[key]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ConfigError(f"{path}: [tool.gradfix] {key} must be a list of strings")
        values[key] = tuple(value)
    if "unsafe-fixes" in table and not isinstance(table["unsafe-fixes"], bool):
        raise ConfigError(f"{path}: [tool.gradfix] unsafe-fixes must be true or false")
    cache_dir = table.get("cache-dir")
    if cache_dir is not None and (not isinstance(cache_dir, str) or not cache_dir.strip()):
        raise ConfigError(f"{path}: [tool.gradfix] cache-dir must be a non-empty string (a folder)")
    for key in ("select", "extend-select", "ignore"):
        for code in values.get(key, ()):
            try:
                expand_codes([code])
            except ValueError as error:
                raise ConfigError(f"{path}: [tool.gradfix] {key}: {error}") from None
    return Config(
        path=path,
        select=values.get("select"),
        extend_select=values.get("extend-select", ()),
        ignore=values.get("ignore", ()),
        exclude=values.get("exclude", ()),
        unsafe_fixes=table.get("unsafe-fixes"),
        cache_dir=None if cache_dir is None else os.path.abspath(os.path.join(folder, os.path.expanduser(cache_dir))),
        root=folder,
    )


def expand_codes(items: Sequence[str]) -> set[str]:
    """`GF001`, a prefix such as `GF00`, or `ALL` -> rule codes. Unknown -> ValueError."""
    from gradfix.catalog import CODES

    chosen: set[str] = set()
    for raw in items:
        item = raw.strip().upper()
        if not item:
            continue
        if item == "ALL":
            chosen |= set(CODES)
            continue
        matched = {code for code in CODES if code.startswith(item)}
        if not matched:
            raise ValueError(f"unknown rule code {raw.strip()!r}")
        chosen |= matched
    return chosen


def resolve_codes(
    config: Config,
    cli_select: Sequence[str] | None,
    cli_extend_select: Sequence[str] | None,
    cli_ignore: Sequence[str] | None,
) -> set[str]:
    """The rules to run: command-line flags first, then the file, then the defaults."""
    from gradfix.catalog import default_codes

    if cli_select is not None:
        selected = expand_codes(cli_select)
    else:
        selected = expand_codes(config.select) if config.select is not None else default_codes()
        selected |= expand_codes(config.extend_select)
    selected |= expand_codes(cli_extend_select or ())
    selected -= expand_codes(cli_ignore if cli_ignore is not None else config.ignore)
    return selected


class Excluder:
    """`exclude` patterns (gitignore syntax) anchored at the configuration's folder."""

    def __init__(self, patterns: Sequence[str], root: str) -> None:
        self.root = os.path.abspath(root)
        self.spec = None
        if patterns:
            import pathspec

            self.spec = pathspec.GitIgnoreSpec.from_lines(list(patterns))

    def excluded(self, path: str) -> bool:
        if self.spec is None or path == "-":
            return False
        absolute = os.path.abspath(path)
        prefix = self.root.rstrip(os.sep) + os.sep
        if not absolute.startswith(prefix):
            return False  # outside the project (or the folder itself): its patterns say nothing about it
        return bool(self.spec.match_file(absolute[len(prefix) :].replace(os.sep, "/")))
