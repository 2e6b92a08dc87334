"""Finding the files to check, reading their bytes, and writing fixes atomically."""

from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

DEFAULT_EXCLUDES = frozenset(
    {
        ".git", ".hg", ".svn", ".bzr", "__pycache__", ".venv", "venv", ".env", ".tox", ".nox",
        ".eggs", "build", "dist", "node_modules", "site-packages", ".mypy_cache", ".pytest_cache",
        ".ruff_cache", ".ipynb_checkpoints", "__pypackages__", "_build", "buck-out",
    }
)  # fmt: skip
SOURCE_SUFFIXES = (".py", ".pyi")
STDIN = "-"


class FileError(Exception):
    """A file that cannot be processed; the message is one line naming the problem."""


@dataclass(frozen=True)
class SourceFile:
    path: str  # as the user should see it
    explicit: bool = False


def _is_virtualenv(path: Path) -> bool:
    return (path / "pyvenv.cfg").is_file() or (path / "conda-meta").is_dir()


class _IgnoreRules:
    """`.gitignore` files from the repository root down to each directory walked."""

    def __init__(self) -> None:
        self._cache: dict[Path, object | None] = {}

    def _spec(self, directory: Path) -> object | None:
        if directory not in self._cache:
            spec = None
            ignore_file = directory / ".gitignore"
            if ignore_file.is_file():
                import pathspec

                try:
                    lines = ignore_file.read_text(encoding="utf-8", errors="replace").splitlines()
                    spec = pathspec.GitIgnoreSpec.from_lines(lines)
                except (OSError, ValueError):
                    spec = None
            self._cache[directory] = spec
        return self._cache[directory]

    def ignored(self, path: Path, is_dir: bool) -> bool:
        path = path.absolute()
        for directory in _ancestors_within_repo(path.parent):
            spec = self._spec(directory)
            if spec is None:
                continue
            relative = path.relative_to(directory).as_posix() + ("/" if is_dir else "")
            if spec.match_file(relative):  # type: ignore[attr-defined]
                return True
        return False


def _ancestors_within_repo(directory: Path) -> list[Path]:
    """The directory and its parents up to (and including) the repository root."""
    chain: list[Path] = []
    for candidate in (directory, *directory.parents):
        chain.append(candidate)
        if (candidate / ".git").exists():
            return chain
    return chain[:1]  # not in a repository: only the nearest .gitignore counts


def discover(paths: Sequence[str], exclude: Sequence[str] = ()) -> Iterator[SourceFile]:
    """Every file to process, in a stable order. Files named explicitly always are."""
    rules = _IgnoreRules()
    extra = set(exclude)
    for raw in paths:
        if raw == STDIN:
            yield SourceFile(STDIN, explicit=True)
            continue
        path = Path(raw)
        if path.is_dir():
            yield from _walk(path, rules, extra)
        else:
            # named explicitly: processed even if ignored, reported if missing
            yield SourceFile(raw, explicit=True)


def _walk(root: Path, rules: _IgnoreRules, extra: set[str]) -> Iterator[SourceFile]:
    for current, dirnames, filenames in os.walk(root, followlinks=False):
        here = Path(current)
        kept = []
        for name in sorted(dirnames):
            child = here / name
            if name in DEFAULT_EXCLUDES or name in extra or name.endswith(".egg-info"):
                continue
            if _is_virtualenv(child) or rules.ignored(child, is_dir=True):
                continue
            kept.append(name)
        dirnames[:] = kept
        for name in sorted(filenames):
            if not name.endswith(SOURCE_SUFFIXES) or name in extra:
                continue
            child = here / name
            if rules.ignored(child, is_dir=False):
                continue
            yield SourceFile(_display(child))


def _display(path: Path) -> str:
    text = str(path)
    return text[2:] if text.startswith("./") else text


def read_source(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        raise FileError("no such file") from None
    except IsADirectoryError:
        raise FileError("is a directory") from None
    except PermissionError:
        raise FileError("permission denied") from None
    except OSError as error:
        raise FileError(error.strerror or str(error)) from None


def write_atomically(path: str, data: bytes, expected: bytes) -> None:
    """Replace the file's content with `data`, or leave it exactly as it was.

    The new content goes to a temporary file in the same folder (same filesystem), is
    flushed to disk, takes the original's permissions, and replaces the original in one
    `os.replace`. If the file changed on disk since it was read (`expected`), nothing is
    written. A symlink is followed: its target is replaced, the link stays a link.
    """
    target = os.path.realpath(path)
    try:
        info = os.stat(target)
    except OSError as error:
        raise FileError(f"cannot write: {error.strerror}") from None
    if not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise FileError("file is read-only; not overwritten")
    if read_source(target) != expected:
        raise FileError("changed on disk while gradfix was running; not overwritten")
    directory = os.path.dirname(target) or "."
    name = os.path.basename(target)
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".gradfix-tmp", dir=directory)
    except OSError as error:
        raise FileError(f"cannot write: {error.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, stat.S_IMODE(info.st_mode))
        if hasattr(os, "chown"):
            try:
                os.chown(temporary, info.st_uid, info.st_gid)
            except OSError:
                pass  # not ours to give away; the mode is what matters
        os.replace(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise FileError(f"cannot write: {error.strerror or error}") from None
        raise
