"""`[tool.gradfix]` in the nearest `pyproject.toml`: found, read and validated here.

    [tool.gradfix]
    select = ["GF001", "GF002"]     # replaces the default rule set
    extend-select = ["GF010"]       # adds to it
    ignore = ["GF002"]              # removes from it
    exclude = ["legacy/", "*_old.py"]  # gitignore-style, relative to the pyproject.toml
    unsafe-fixes = false

Command-line flags win over the file: `--select` replaces `select` and `extend-select`,
`--ignore` replaces `ignore`, `--exclude` replaces `exclude`, `--unsafe-fixes/--no-unsafe-fixes`
replaces `unsafe-fixes`. An unknown key, a value of the wrong type or an unknown rule code is
an error (exit 2), never silently ignored.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

KEYS = ("select", "extend-select", "ignore", "exclude", "unsafe-fixes")
_LISTS = ("select", "extend-select", "ignore", "exclude")


class ConfigError(Exception):
    """A configuration that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class Config:
    path: Path | None = None  # the pyproject.toml it came from
    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    unsafe_fixes: bool | None = None
    root: Path = field(default_factory=Path.cwd)  # where `exclude` patterns are anchored


def _load_toml(path: Path) -> dict[str, Any]:
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


def _has_section(path: Path) -> bool:
    """A cheap look before parsing: most pyproject.toml files have no [tool.gradfix]."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return "gradfix" in text and "gradfix" in _load_toml(path).get("tool", {})


def find_config_file(paths: Sequence[str], start: Path | None = None) -> Path | None:
    """The nearest `pyproject.toml` holding `[tool.gradfix]`, walking up from the paths given.

    The walk starts at the deepest folder that holds every path (the current folder for
    stdin or no paths), like ruff and black.
    """
    anchors = [Path(p).absolute() for p in paths if p != "-"]
    if start is not None:
        anchors.append(start.absolute())
    if not anchors:
        anchors = [Path.cwd()]
    folders = [a if a.is_dir() else a.parent for a in anchors]
    common = Path(os.path.commonpath([str(f) for f in folders]))
    for folder in (common, *common.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file() and _has_section(candidate):
            return candidate
    return None


def load_config(path: Path | None) -> Config:
    if path is None:
        return Config()
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
        root=path.parent,
    )


def expand_codes(items: Sequence[str]) -> set[str]:
    """`GF001`, a prefix such as `GF00`, or `ALL` -> rule codes. Unknown -> ValueError."""
    from gradfix.transforms import RULES_BY_CODE

    chosen: set[str] = set()
    for raw in items:
        item = raw.strip().upper()
        if not item:
            continue
        if item == "ALL":
            chosen |= set(RULES_BY_CODE)
            continue
        matched = {code for code in RULES_BY_CODE if code.startswith(item)}
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
    from gradfix.transforms import default_codes

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

    def __init__(self, patterns: Sequence[str], root: Path) -> None:
        self.root = root.absolute()
        self.spec = None
        if patterns:
            import pathspec

            self.spec = pathspec.GitIgnoreSpec.from_lines(list(patterns))

    def excluded(self, path: str) -> bool:
        if self.spec is None or path == "-":
            return False
        absolute = Path(path).absolute()
        try:
            relative = absolute.relative_to(self.root)
        except ValueError:
            return False  # outside the project: its patterns say nothing about it
        return bool(self.spec.match_file(relative.as_posix()))
