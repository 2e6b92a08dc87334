"""Finding the files to check, reading their bytes, and writing fixes atomically."""

from __future__ import annotations

import errno
import os
import stat

from gradfix.patterns import lazily
from gradfix.records import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterator, Sequence

DEFAULT_EXCLUDES = frozenset(
    {
        ".git", ".hg", ".svn", ".bzr", "__pycache__", ".venv", "venv", ".env", ".tox", ".nox",
        ".eggs", "build", "dist", "node_modules", "site-packages", ".mypy_cache", ".pytest_cache",
        ".ruff_cache", ".ipynb_checkpoints", "__pypackages__", "_build", "buck-out", ".gradfix_cache",
    }
)  # fmt: skip
SOURCE_SUFFIXES = (".py", ".pyi", ".ipynb")
STDIN = "-"


# A run over files that writes none (a check, a diff: the command line and its pool workers)
# looks at each file on disk once. The project index (gradfix.project) searches all the files
# of a project for the callers of each step function it finds; looking at each file on disk
# again for every analysis was a quarter of the CPU of a check of the 22 evaluation
# repositories. What an analysis read is still recorded with the hash of the bytes it used, so
# a cache entry never outlives them. A language server, and a run that writes fixes, look again
# for each analysis: files change between analyses there.
steady: str | None = None  # the current steady run (read it as `gradfix.files.steady`)
# Whether the files an analysis reads are recorded with the hash of their bytes. Only the
# result cache uses the hashes (FileResult.depends_on); a run without one (`--no-cache`) skips
# them, and records UNHASHED instead, which never equals a hash: the cache would not store such
# a result. Hashing every file of a project for each pool worker was 2% of a check's
# instructions on five real repositories.
digests: bool = True
UNHASHED = "unhashed"


class steady_run:
    """`with steady_run(run_id):` -- the files of every project are looked at on disk once
    for all the analyses under the same `run_id` (a string unique to one run; a pool worker
    receives it with each file). `None` changes nothing. `digests=False`: see `digests`."""

    def __init__(self, run_id: str | None, digests: bool = True) -> None:
        self.run_id = run_id
        self.digests = digests

    def __enter__(self) -> None:
        global steady, digests
        self._outer = steady, digests
        if self.run_id is not None:
            steady = self.run_id
        digests = self.digests

    def __exit__(self, *exc: object) -> None:
        global steady, digests
        steady, digests = self._outer


class FileError(Exception):
    """A file that cannot be processed; the message is one line naming the problem."""


@dataclass(frozen=True)
class SourceFile:
    path: str  # as the user should see it
    explicit: bool = False


def _is_virtualenv(path: str) -> bool:
    return os.path.isfile(os.path.join(path, "pyvenv.cfg")) or os.path.isdir(os.path.join(path, "conda-meta"))


def _is_tagged_cache(path: str) -> bool:
    """A folder marked as a cache (https://bford.info/cachedir/): gradfix's own cache wherever
    `cache-dir` puts it, and those of pytest, ruff, cargo and others."""
    return os.path.isfile(os.path.join(path, "CACHEDIR.TAG"))


class _IgnoreRules:
    """`.gitignore` files from the repository root down to each directory walked.

    Paths are absolute strings; what each folder contributes (its spec, the chain of folders
    up to the repository root) is looked up once per folder, not once per file.
    """

    def __init__(self) -> None:
        self._specs: dict[str, object | None] = {}
        self._roots: dict[str, str | None] = {}
        self._chains: dict[str, list[tuple[str, object]]] = {}

    def _spec(self, directory: str) -> object | None:
        if directory not in self._specs:
            spec = None
            ignore_file = os.path.join(directory, ".gitignore")
            if os.path.isfile(ignore_file):
                try:
                    with open(ignore_file, encoding="utf-8", errors="replace") as handle:
                        lines = handle.read().splitlines()
                    spec = _LazySpec.of(lines)
                    if spec is None:
                        import pathspec

                        spec = pathspec.GitIgnoreSpec.from_lines(lines)
                except (OSError, ValueError):
                    spec = None
            self._specs[directory] = spec
        return self._specs[directory]

    def _repo_root(self, directory: str) -> str | None:
        """The nearest folder at or above `directory` holding `.git`."""
        if directory not in self._roots:
            if os.path.exists(os.path.join(directory, ".git")):
                self._roots[directory] = directory
            else:
                parent = os.path.dirname(directory)
                self._roots[directory] = None if parent == directory else self._repo_root(parent)
        return self._roots[directory]

    def _chain(self, directory: str) -> list[tuple[str, object]]:
        """(folder, spec) for the folders from `directory` up to the repository root that have
        a `.gitignore`; outside a repository only `directory` itself counts."""
        chain = self._chains.get(directory)
        if chain is None:
            root = self._repo_root(directory)
            folders = [directory]
            if root is not None:
                while folders[-1] != root:
                    folders.append(os.path.dirname(folders[-1]))
            chain = [(folder, spec) for folder in folders if (spec := self._spec(folder)) is not None]
            self._chains[directory] = chain
        return chain

    def ignored(self, path: str, is_dir: bool) -> bool:
        path = os.path.abspath(path)
        return self.ignored_absolute(path, self._chain(os.path.dirname(path)), is_dir)

    def ignored_absolute(self, path: str, chain: list[tuple[str, object]], is_dir: bool) -> bool:
        """`path` (absolute, normalized) against the specs of its parent's `chain`, as git
        decides: the nearest `.gitignore` with a pattern matching the path has the say, and in
        it the last such pattern (a `!` pattern re-includes). The folders above the path were
        decided when the walk entered them, so a pattern counts only when it matches the path
        itself, not one of its folders: `*` then `!*/` then `!*.py` (ignore everything but
        folders and Python files) keeps `src/` and `src/train.py`."""
        for directory, spec in chain:  # the nearest folder first
            # `directory` is one of the path's own parents, spelled the same way
            relative = path[len(directory.rstrip(os.sep)) + 1 :].replace(os.sep, "/") + ("/" if is_dir else "")
            verdict = _verdict(spec, relative)
            if verdict is not None:
                return verdict
        return False


def _verdict(spec: object, relative: str) -> bool | None:
    """Whether the last pattern of `spec` that matches `relative` itself ignores it (True)
    or re-includes it (False); None when none does. pathspec marks the slash of a folder a
    pattern matched (group `ps_d`): a match ending before the path's end is through one of
    its folders, not of the path. A `_LazySpec`'s line is compiled, and tried, only for a
    path that the line's pattern may match."""
    verdict = None
    end = len(relative)
    if spec.__class__ is _LazySpec:
        patterns: list = []  # type: ignore[type-arg]
        for entry in spec.entries:  # type: ignore[attr-defined]
            if end < entry[0]:
                continue  # (too short to be matched: what the line says cannot apply to the path)
            for word, inside in entry[1]:
                if relative.find(word, 0, end - inside) < 0:
                    break  # (not matched either)
            else:
                compiled = entry[3]
                if compiled is None:
                    compiled = entry[3] = _compiled_line(entry[2])
                patterns += compiled
    else:
        patterns = spec.patterns  # type: ignore[attr-defined]
    for pattern in patterns:
        regex = pattern.regex
        if pattern.include is None or regex is None:
            continue
        marks = "ps_d" in regex.groupindex
        match = regex.search(relative)
        while match is not None and marks and match.group("ps_d") is not None and match.end("ps_d") != end:
            # `*/` against `src/x.txt` matched the folder `src/`: a match of the path itself may start later
            match = regex.search(relative, match.start() + 1)
        if match is not None:
            verdict = pattern.include
    return verdict


# The characters of a `.gitignore` line that its pattern matches only as themselves: all but
# pathspec's wildcards (`*`, `?`, `[...]`), its escape (a backslash), a negation's `!`
# (literal inside a line, left out all the same), the `/` between folders and any spacing.
_LITERAL_RUN = lazily(r"[^*?[\]\\!/\s]+")
# A character class the lazy reading takes (`*.py[cod]`); any other `[` (ranges, negations,
# a class left open) sends the whole file to pathspec at once, as before: pathspec refuses
# some of them, or its regular expression fails to compile, and that must happen as it did.
_PLAIN_CLASS = lazily(r"\[[A-Za-z0-9_.]+\]")


class _LazySpec:
    """A `.gitignore` whose lines pathspec compiles one by one, when first needed. Importing
    pathspec and compiling every pattern of perf5's seven `.gitignore` files cost about 165 M
    instructions (1.7% of a check) for a walk that none of their lines but a few could match.

    Each entry is [least, words, line, compiled patterns or None]. `words` are what every path
    the line's pattern matches holds: each run of its literal characters (`_LITERAL_RUN`, in
    the line with its end's spacing stripped as pathspec strips it, before any `[`), with the
    `/` that follows it (a `/` after a name is matched as itself: `data/` matches `data/`, not
    `x/data`); a word is (text, 1) when a character that matches one character follows the
    run (`?`, `[`, a space or `!` inside the line: `*.py[cod]` needs one after `.py`), else
    (text, 0). `least` is a length no match is shorter than: the words, those characters,
    and the `/` a folder's pattern ends with when a single `*`, a `?` or a `]` comes before it
    (`data/*/` matches `data/x/`, never the folder `data/` itself; after `**` that `/` may be
    the word's own: `data/**/` matches `data/`). A path shorter than `least` or missing a
    word is not matched by the line, whose verdict cannot apply to it: the line is compiled at
    the first path that may match (a line without words, `*`, at the first path). A file
    holding a backslash, a lone `!` (spaced too: pathspec 0.12 strips both ends of a line,
    1.x only its end) or a `[` that is not a plain class (`_PLAIN_CLASS`): lines pathspec may
    refuse, which makes the whole file's spec fail, or fail to compile, is compiled whole, as
    before (`of` gives None)."""

    __slots__ = ("entries",)

    def __init__(self, entries: list[list]) -> None:  # type: ignore[type-arg]
        self.entries = entries

    @classmethod
    def of(cls, lines: list[str]) -> _LazySpec | None:
        entries = []
        for line in lines:
            if not line:
                continue  # (pathspec's `from_lines` skips empty lines)
            stripped = line.rstrip()
            if "\\" in line or line.strip() == "!" or ("[" in line and "[" in _PLAIN_CLASS.sub("", line)):
                return None
            if not stripped:
                continue  # (spacing alone: pathspec strips it to nothing, a line that says nothing)
            text = stripped.split("[", 1)[0]
            words = []
            least = 0
            for run in _LITERAL_RUN.finditer(text):
                word, at = run.group(), run.end()
                follows = text[at] if at < len(text) else ("[" if len(text) < len(stripped) else "")
                if follows == "/":
                    word += "/"
                    words.append((word, 0))
                else:
                    words.append((word, 1 if follows and follows != "*" else 0))
                least += len(words[-1][0]) + words[-1][1]
            if stripped.endswith("/") and (stripped[-2:-1] in ("?", "]") or (stripped[-2:-1] == "*" and stripped[-3:-2] != "*")):
                least += 1
            words.sort(key=lambda pair: -len(pair[0]))  # the longest first: the likeliest to be missing
            entries.append([least, tuple(words), line, None])
        return cls(entries)


def _compiled_line(line: str) -> list:  # type: ignore[type-arg]
    """The patterns pathspec's `GitIgnoreSpec.from_lines` makes of the one line."""
    import pathspec

    return list(pathspec.GitIgnoreSpec.from_lines([line]).patterns)


def discover(paths: Sequence[str], exclude: Sequence[str] = ()) -> Iterator[SourceFile]:
    """Every file to process, in a stable order. Files named explicitly always are."""
    rules = _IgnoreRules()
    extra = set(exclude)
    for raw in paths:
        if raw == STDIN:
            yield SourceFile(STDIN, explicit=True)
            continue
        if os.path.isdir(raw or "."):
            yield from _walk(_clean(raw), rules, extra)
        else:
            # named explicitly: processed even if ignored, reported if missing
            yield SourceFile(raw, explicit=True)


def _walk(root: str, rules: _IgnoreRules, extra: set[str]) -> Iterator[SourceFile]:
    for current, dirnames, filenames in os.walk(root, followlinks=False):
        absolute = os.path.abspath(current)
        chain = rules._chain(absolute)  # the .gitignore files that speak about this folder's entries
        kept = []
        for name in sorted(dirnames):
            if name in DEFAULT_EXCLUDES or name in extra or name.endswith(".egg-info"):
                continue
            child = os.path.join(current, name)
            if _is_virtualenv(child) or _is_tagged_cache(child):
                continue
            if chain and rules.ignored_absolute(os.path.join(absolute, name), chain, is_dir=True):
                continue
            kept.append(name)
        dirnames[:] = kept
        # `prefix + name` is `os.path.join(current, name)`: one join per folder, not per file
        prefix, absolute_prefix = os.path.join(current, ""), os.path.join(absolute, "")
        if prefix.startswith("./"):
            prefix = prefix[2:]  # printed without it
        for name in sorted(filenames):
            if not name.endswith(SOURCE_SUFFIXES) or name in extra:
                continue
            if chain and rules.ignored_absolute(absolute_prefix + name, chain, is_dir=False):
                continue
            yield SourceFile(prefix + name)


def _clean(raw: str) -> str:
    """A folder as the user gave it, spelled the way file paths under it are printed: no `.`
    parts and no doubled or trailing separators (`./src/` -> `src`); `..` is kept."""
    text = raw.replace(os.altsep, os.sep) if os.altsep else raw
    head = os.sep if text.startswith(os.sep) else ""
    parts = [part for part in text.split(os.sep) if part not in ("", ".")]
    return head + os.sep.join(parts) if parts else (head or ".")


def read_source(path: str) -> bytes:
    return read_source_and_stat(path)[0]


def read_source_and_stat(path: str) -> tuple[bytes, os.stat_result]:
    """The file's bytes and the `stat` of the file they were read from (taken before reading)."""
    try:
        with open(path, "rb", buffering=0) as handle:  # unbuffered: one read of the whole file
            info = os.fstat(handle.fileno())
            return handle.read(), info
    except FileNotFoundError:
        raise FileError("no such file") from None
    except IsADirectoryError:
        raise FileError("is a directory") from None
    except PermissionError:
        raise FileError("permission denied") from None
    except OSError as error:
        raise FileError(error.strerror or str(error)) from None


TEMP_SUFFIX = ".gradfix-tmp"
# `.<name>.gradfix-<pid>-<random>.gradfix-tmp`: the pid tells a live writer from a dead one
_TEMP_NAME = lazily(r"^\..+\.gradfix-(\d+)-[a-z0-9_]+\.gradfix-tmp\Z")
_swept: set[str] = set()


def write_atomically(path: str, data: bytes, expected: bytes) -> None:
    """Replace the file's content with `data`, or leave it exactly as it was.

    The new content is written and flushed to disk in the same folder (same filesystem),
    takes the original's permissions and owner, and replaces the original in one
    `os.replace`. On Linux it is written to an unnamed file (`O_TMPFILE`) that gets its
    temporary name only just before the replace, so a process killed mid-write leaves no
    file behind; a leftover temporary of a dead gradfix process (killed in that last
    instant, or on a system without `O_TMPFILE`) is removed the next time gradfix writes in
    that folder. SIGINT/SIGTERM/SIGHUP are held back until the replace is done or undone.
    If the file changed on disk since it was read (`expected`), nothing is written. A
    symlink is followed: its target is replaced, the link stays a link. A file with no
    write permission bits, or with several hard links (replacing would split them), is not
    overwritten.
    """
    target = os.path.realpath(path)
    try:
        info = os.stat(target)
    except OSError as error:
        raise FileError(f"cannot write: {error.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise FileError("not a regular file; not overwritten")
    if not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise FileError("file is read-only; not overwritten")
    if info.st_nlink > 1:
        raise FileError(f"file has {info.st_nlink} hard links, replacing it would split them; not overwritten")
    directory = os.path.dirname(target) or "."
    remove_stale_temporaries(directory)
    with _signals_held():
        _write_and_replace(target, directory, data, expected, info)


def _write_and_replace(target: str, directory: str, data: bytes, expected: bytes, info: os.stat_result) -> None:
    prefix = f".{os.path.basename(target)}.gradfix-{os.getpid()}-"
    temporary: str | None = None
    fd: int | None = None
    try:
        fd = _open_unnamed(directory)
        if fd is not None:
            _fill(fd, data, info, target, expected)
            temporary = _link_unnamed(fd, directory, prefix)
            if temporary is None:  # linking unnamed files not allowed here: use a named one
                os.close(fd)
                fd = None
        if temporary is None:
            import tempfile

            fd, temporary = tempfile.mkstemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=directory)
            _fill(fd, data, info, target, expected)
        os.replace(temporary, target)
        temporary = None
        _fsync_directory(directory)
    except BaseException as error:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        if isinstance(error, OSError):
            raise FileError(f"cannot write: {error.strerror or error}") from None
        raise
    finally:
        if fd is not None:
            os.close(fd)


def _fill(fd: int, data: bytes, info: os.stat_result, target: str, expected: bytes) -> None:
    """The new content, on disk, with the original's mode and owner; last, check the
    original is still what was read (the replace follows at once)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
    os.fsync(fd)
    os.fchmod(fd, stat.S_IMODE(info.st_mode))
    try:
        os.fchown(fd, info.st_uid, info.st_gid)
    except OSError:
        pass  # not ours to give away; the mode is what matters
    if read_source(target) != expected:
        raise FileError("changed on disk while gradfix was running; not overwritten")


def _open_unnamed(directory: str) -> int | None:
    """A file with no name yet in `directory` (Linux `O_TMPFILE`), or None where unsupported."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag:
        return None
    try:
        return os.open(directory, flag | os.O_WRONLY | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError:
        return None  # filesystem without O_TMPFILE support: fall back to a named temporary


def _link_unnamed(fd: int, directory: str, prefix: str) -> str | None:
    """Give the unnamed file its temporary name; None when this system does not allow it."""
    import secrets

    for _ in range(100):
        name = os.path.join(directory, f"{prefix}{secrets.token_hex(4)}{TEMP_SUFFIX}")
        try:
            if not _linkat_empty_path(fd, name):
                os.link(f"/proc/self/fd/{fd}", name, follow_symlinks=True)
            return name
        except FileExistsError:
            continue
        except OSError:
            return None
    return None


def _linkat_empty_path(fd: int, name: str) -> bool:
    """linkat(fd, "", AT_FDCWD, name, AT_EMPTY_PATH); False when not permitted or unavailable."""
    try:
        import ctypes

        linkat = ctypes.CDLL(None, use_errno=True).linkat
    except (OSError, AttributeError, ImportError):
        return False
    at_fdcwd, at_empty_path = -100, 0x1000
    if linkat(fd, b"", at_fdcwd, os.fsencode(name), at_empty_path) == 0:
        return True
    if ctypes.get_errno() == errno.EEXIST:
        raise FileExistsError(name)
    return False


def _fsync_directory(directory: str) -> None:
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def remove_stale_temporaries(directory: str) -> list[str]:
    """Delete temporaries that gradfix processes no longer alive left in `directory`."""
    if directory in _swept:
        return []
    _swept.add(directory)
    removed = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return []
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if match is None or _alive(int(match.group(1))):
            continue
        try:
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(entry.path)
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    except OSError:
        return True
    return True


class _signals_held:
    """Hold back SIGINT/SIGTERM/SIGHUP: they are delivered once the file is replaced or not."""

    def __enter__(self) -> None:
        import signal  # only a write needs it (its enums take a millisecond to build at import)

        self.previous = None
        if hasattr(signal, "pthread_sigmask"):
            held = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}
            self.previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            import signal

            signal.pthread_sigmask(signal.SIG_SETMASK, self.previous)
