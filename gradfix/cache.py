"""The result cache: a file whose inputs did not change is answered without analysing it again.

Where: `.gradfix_cache/` at the project root (the nearest folder above the paths given that
holds a `pyproject.toml`, a `setup.py` or a `.git`), or `GRADFIX_CACHE_DIR`, or `cache-dir` in
`[tool.gradfix]`; `--no-cache` turns it off, and outside a project (no root found, nothing
configured) there is none. The folder holds a `.gitignore` (`*`) and a `CACHEDIR.TAG`.

What a stored result is keyed by -- everything it was computed from:

* the **settings**: a hash of the cache schema, `gradfix.__version__`, the Python version, every
  field of `runner.Options` (selected codes, unsafe fixes, check or fix mode) and the size and
  mtime of every source file of gradfix itself (so an editable install that changed starts
  afresh). Each settings hash has its own folder;
* the file's **path** (its folder, absolute and as printed: results quote the printed path)
  and a BLAKE2b hash of its **bytes**;
* every other file the result **depended on** (`FileResult.depends_on`: path -> content
  hash, or `ABSENT` for a file that must not exist): each must still hash the same;
* everything else it depended on (the keys of `depends_on` that start with a NUL, see
  `gradfix.project.SAYING_KEY`): which files of the project say a word a gate asked about,
  with their bytes (`Project.saying`); the list of the project's files and all their bytes,
  when every file was searched (`Project.contents`: the files saying the empty word); the
  project root of the file's folder. Each must equal what
  the project on disk gives now (`_Tree`): the project's files are listed (a walk) and either
  each is proven unchanged by its stat since the values were computed from its bytes (a
  snapshot of the project kept beside the results, the same argument as below), or they are
  read and the values computed again, as the analysis computes them.

Why a stale result cannot be returned. A result is returned only when its settings folder
matches this run's settings and the file's current bytes hash to the stored hash (and so does
every dependency). The bytes are proven either by reading and hashing them, or by `stat`: a
file whose (size, mtime, ctime, inode, device) equal the ones recorded *when the recorded
bytes were read* still holds those bytes, because every write changes mtime and ctime. The
one way around that is a write within the same tick of the filesystem's clock as the read
("racily clean" in git's words); so a stat is recorded only for files whose mtime and ctime
are more than `RACY_MARGIN_NS` older than the moment their bytes were read -- any later write
then carries a newer time. Files changed just before a run are therefore hashed again on the
next run. (What remains is what git also accepts: a system clock set backwards, or a
filesystem that does not keep ctime. On Windows, where ctime is the creation time, bytes are
always hashed.)

A cache file is untrusted input: JSON (never pickle) behind a magic line, the schema and a
checksum (BLAKE2b) of the body; a file that is truncated, corrupt, foreign (another folder, other
settings) or of another schema is ignored and later overwritten, and an entry whose fields do
not have the expected types is ignored. Writes go to a temporary file in the same folder and
`os.replace` it, so a reader sees the old file or the new one, never a mix; concurrent runs
may drop each other's new entries (each run merges the file on disk with its own changes just
before it replaces it), never corrupt them. A cache that cannot be written is not an error:
the run just does not remember.

A checksum keeps out damage, not intent: whoever can write the cache folder can make gradfix
report nothing, as they could by editing the code it checks. What the format guarantees is that
no cache file can run code, crash gradfix, or pass one version's or setting's results for
another's.

What is stored: one file per source folder (a run over a folder reads one cache file, then
only stats its files), holding for each file its stat, the hash of its bytes, and the result
when it is safe to reuse: results with an error are not stored (they may come from the
environment: memory, recursion), and in `--diff`/`--write` mode only results without a fix are
stored ("nothing to change here; these findings remain"), so `--write` never writes bytes from
the cache -- a file with a fix is analysed again, from the bytes on disk. Files without
gradient code are stored as an empty result. stdin is never cached: it has no file to stat,
and an editor's buffer is rarely what is on disk.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter

from gradfix.files import FileError, read_source_and_stat
from gradfix.patterns import lazily
from gradfix.runner import Diagnostic, FileResult, Options

try:  # the hash functions themselves: `hashlib` would also load OpenSSL, for nothing here
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - CPython always has it
    from hashlib import blake2b

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SCHEMA = 1
MAGIC = "gradfix-cache"
# a stat is trusted only for files whose mtime and ctime were this much older than the read
RACY_MARGIN_NS = 3_000_000_000
# cache files held in memory at once: a run walks folder by folder, so older ones are saved and
# dropped (and read again if a late result needs one), and memory does not grow with the tree
MAX_SHARDS = 8
# settings folders untouched this long (older gradfix versions, old option sets) are removed
STALE_SETTINGS_NS = 30 * 24 * 3600 * 10**9
CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by gradfix.\n"
    "# For information about cache directory tags, see https://bford.info/cachedir/\n"
)
_TRUST_STAT = os.name != "nt"  # Windows' st_ctime is the creation time
# what gradfix keeps in a cache folder: only these names are ever created or removed there
_SETTINGS_FOLDER = lazily(r"v[0-9]+-[0-9a-f]{32}\Z")
_OURS = lazily(r"(v[0-9]+-[0-9a-f]{32}|\.gitignore|CACHEDIR\.TAG|\..+\.tmp)\Z")


def content_hash(data: bytes) -> str:
    """The hash that keys a file's bytes (also the values of `FileResult.depends_on`)."""
    return blake2b(data, digest_size=20).hexdigest()


# `FileResult.depends_on[path] = ABSENT`: the result relied on there being no such file (an
# import that did not resolve); creating the file invalidates it. No content hash equals it.
ABSENT = "absent"


if os.sep == "/" and os.altsep is None:

    def _split(path: str) -> tuple[str, str]:
        """`os.path.split` of a POSIX path: its own code, without its look at the argument's
        type (once per file of a warm run)."""
        cut = path.rfind("/") + 1
        head, tail = path[:cut], path[cut:]
        if head and head != "/" * len(head):
            head = head.rstrip("/")
        return head, tail

else:
    _split = os.path.split


def _digest(data: bytes) -> str:
    """Checksums of cache files and names derived from keys."""
    return blake2b(data, digest_size=16).hexdigest()


def open_cache(directory: str, options: Options) -> Cache:
    """The cache in `directory` (see `config.cache_directory`) for results of these options."""
    return Cache(directory, settings_key(options))


# the settings ----------------------------------------------------------------------------
def settings_key(options: Options) -> str:
    import gradfix
    from gradfix import records

    fields = {}
    for field in records.fields(options):  # every field: a new option is in the key at once
        value = getattr(options, field.name)
        fields[field.name] = sorted(value) if isinstance(value, (set, frozenset)) else value
    parts = {
        "schema": SCHEMA,
        "version": gradfix.__version__,
        "python": sys.version,
        "options": fields,
        "engine": _engine_fingerprint(),
    }
    return _digest(json.dumps(parts, sort_keys=True).encode())


_ENGINE: list[Any] | None = None


def _engine_fingerprint() -> list[Any]:
    """Size and mtime of gradfix's own modules: a changed editable install must not be answered
    by results of the old code (gradfix parses with the standard library's `ast`: the Python
    version is part of the settings)."""
    global _ENGINE
    if _ENGINE is None:
        found: list[Any] = []
        _scan_modules(os.path.dirname(os.path.abspath(__file__)), "", found)
        _ENGINE = found
    return _ENGINE


def _scan_modules(folder: str, prefix: str, found: list[Any]) -> None:
    """[path relative to the package, size, mtime] of each module, a folder's own files before
    its sub-folders, each in name order: `os.walk`'s order, with one `scandir` per folder and
    no path arithmetic per file (part of every run with the cache, 2.5 ms with `os.walk`)."""
    with os.scandir(folder) as scan:
        entries = sorted(scan, key=lambda entry: entry.name)
    for entry in entries:
        if entry.name.endswith(".py") and not entry.is_dir():
            info = entry.stat()
            found.append([prefix + entry.name, info.st_size, info.st_mtime_ns])
    for entry in entries:
        if entry.name != "__pycache__" and entry.is_dir(follow_symlinks=False):
            _scan_modules(entry.path, prefix + entry.name + os.sep, found)


# file identity ---------------------------------------------------------------------------
def _stat_record(info: os.stat_result, read_at_ns: int) -> list[int] | None:
    """What `stat` must show for the bytes read at `read_at_ns` to be still there; None when
    the file changed too recently to tell a later write apart by its times."""
    if not _TRUST_STAT:
        return None
    if max(info.st_mtime_ns, info.st_ctime_ns) >= read_at_ns - RACY_MARGIN_NS:
        return None
    return [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev]


def _stat_now(path: str) -> list[int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev]


class _Invalid(Exception):
    """A cache entry that does not have the shape gradfix writes: ignore it."""


def _int(value: Any) -> int:
    if type(value) is not int:
        raise _Invalid
    return value


def _str(value: Any) -> str:
    if type(value) is not str:
        raise _Invalid
    return value


def _list(value: Any) -> list[Any]:
    if type(value) is not list:
        raise _Invalid
    return value


def _dict(value: Any) -> dict[str, Any]:
    if type(value) is not dict:
        raise _Invalid
    return value


def _stat_field(value: Any) -> list[int] | None:
    if value is None:
        return None
    items = _list(value)
    if len(items) != 5:
        raise _Invalid
    return [_int(item) for item in items]


# results <-> JSON ------------------------------------------------------------------------
def _cacheable(result: FileResult) -> bool:
    if result.error is not None or result.fixed is not None:
        return False
    return all(d.path == result.path for d in (*result.diagnostics, *result.remaining))


def _dump_diagnostic(d: Diagnostic) -> list[Any]:
    return [d.line, d.column, d.end_line, d.end_column, d.code, d.message, d.fixable, d.fix_safety, d.cell]


def _load_diagnostic(path: str, raw: Any) -> Diagnostic:
    items = _list(raw)
    if len(items) != 9:
        raise _Invalid
    line, column, end_line, end_column, code, message, fixable, safety, cell = items
    if type(fixable) is not bool or (safety is not None and type(safety) is not str):
        raise _Invalid
    return Diagnostic(
        path,
        _int(line),
        _int(column),
        _int(end_line),
        _int(end_column),
        _str(code),
        _str(message),
        fixable,
        safety,
        None if cell is None else _int(cell),
    )


def _dump_result(result: FileResult) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if result.diagnostics:
        out["diagnostics"] = [_dump_diagnostic(d) for d in result.diagnostics]
    if result.remaining:
        out["remaining"] = [_dump_diagnostic(d) for d in result.remaining]
    if result.notes:
        out["notes"] = list(result.notes)
    if result.fixed_codes:
        out["fixed_codes"] = dict(result.fixed_codes)
    if result.encoding != "utf-8":
        out["encoding"] = result.encoding
    return out


def _load_result(path: str, raw: Any) -> FileResult:
    data = _dict(raw)
    # an empty Counter without running Counter.__init__: this is once per file of a warm run
    result = FileResult(path, fixed_codes=Counter.__new__(Counter))
    if not data:  # most files: no gradient code, or nothing found
        return result
    result.diagnostics = [_load_diagnostic(path, d) for d in _list(data.get("diagnostics", []))]
    result.remaining = [_load_diagnostic(path, d) for d in _list(data.get("remaining", []))]
    result.notes = [_str(note) for note in _list(data.get("notes", []))]
    codes = _dict(data.get("fixed_codes", {}))
    result.fixed_codes = Counter({_str(code): _int(count) for code, count in codes.items()})
    result.encoding = _str(data.get("encoding", "utf-8"))
    return result


# cache files -----------------------------------------------------------------------------
def _encode(body: dict[str, Any]) -> bytes:
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return f"{MAGIC} {SCHEMA} {_digest(text)}\n".encode("ascii") + text


def _decode(blob: bytes) -> dict[str, Any] | None:
    """The body of a cache file, or None for anything gradfix did not write whole."""
    header, newline, text = blob.partition(b"\n")
    parts = header.split(b" ")
    if not newline or len(parts) != 3 or parts[0] != MAGIC.encode() or parts[1] != str(SCHEMA).encode():
        return None
    if _digest(text).encode() != parts[2]:
        return None
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
        return None
    return body if type(body) is dict else None


class _Shard:
    """The entries of the files of one source folder, as one spelling of it names them
    (`src/` and `/home/me/project/src/` print differently): file name -> entry."""

    def __init__(self, path: str, folder: str, display: str, settings: str) -> None:
        self.path = path
        self.folder = folder  # absolute
        self.prefix = os.path.join(folder, "")  # `prefix + name` is `os.path.join(folder, name)`
        self.display = display  # the folder as printed paths spell it
        self.settings = settings
        self.entries = self._read()
        self.changed: dict[str, dict[str, Any] | None] = {}  # name -> new entry (None: removed)

    def _read(self) -> dict[str, Any]:
        try:
            with open(self.path, "rb") as handle:
                body = _decode(handle.read())
        except OSError:
            return {}
        if body is None or [body.get(key) for key in ("settings", "folder", "display")] != [
            self.settings,
            self.folder,
            self.display,
        ]:
            return {}  # corrupt, truncated or foreign: ignored, overwritten on save
        files = body.get("files")
        return files if type(files) is dict else {}

    def set(self, name: str, entry: dict[str, Any] | None) -> None:
        if entry is None and name not in self.entries and name not in self.changed:
            return
        self.changed[name] = entry
        if entry is None:
            self.entries.pop(name, None)
        else:
            self.entries[name] = entry

    def save(self) -> None:
        if not self.changed:
            return
        entries = self._read()  # what other runs wrote meanwhile, then this run's changes
        for name, entry in self.changed.items():
            if entry is None:
                entries.pop(name, None)
            else:
                entries[name] = entry
        try:
            present = set(os.listdir(self.folder))
        except OSError:
            present = set()
        entries = {name: entry for name, entry in entries.items() if name in present}
        body = {"settings": self.settings, "folder": self.folder, "display": self.display, "files": entries}
        blob = _encode(body)
        _replace(self.path, blob)
        self.changed.clear()


def _replace(path: str, blob: bytes) -> None:
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        with open(temporary, "xb") as handle:
            handle.write(blob)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


class _Tree:
    """A project's files as the dependencies that are not files see them (`Cache._now`): for
    each word a gate asked about, the files of its list (`Project.files`, a walk: a file
    added, removed or renamed changes it) saying it, with the hashes of their bytes
    (`Project.saying_digest`; the empty word: every file, for `Project.contents`). The values come from a snapshot kept in the cache when every
    file of the list is proven unchanged by its stat since the snapshot's values were computed
    from its bytes; otherwise every file is read (once per run) and the values computed again,
    then saved as the new snapshot with the stats taken before each read (`_stat_record`: a
    file written within the racy margin gets none, and the next run reads again)."""

    def __init__(self, root: str, folder: str, settings: str) -> None:
        from gradfix.project import Project

        self.root = root
        self.settings = settings
        self.path = os.path.join(folder, _digest(os.fsencode(root)) + ".tree")
        self.files = Project(root).files()  # (a project of its own: this run's listing, afresh)
        self.values: dict[str, str] = {}
        self.stats: list[list[int] | None] | None = None  # of `files`, as the values were computed
        self.data: list[bytes] | None = None  # of `files`, once read
        self.changed = False
        self._load()

    def _load(self) -> None:
        try:
            with open(self.path, "rb") as handle:
                body = _decode(handle.read())
        except OSError:
            return
        if body is None or body.get("settings") != self.settings or body.get("root") != self.root:
            return  # corrupt, truncated or foreign: ignored, overwritten on save
        try:
            files = _list(body.get("files"))
            if len(files) != len(self.files):
                return
            prefix = os.path.join(self.root, "")
            stats = []
            for path, item in zip(self.files, files):
                # (equal to a path and to what `stat` gives now: of the types gradfix writes)
                if type(item) is not list or len(item) != 2 or prefix + item[0] != path:
                    return  # another list of files
                stat = item[1]
                if stat is None or stat != _stat_now(path):
                    return  # a file that may hold other bytes
                stats.append(stat)
            values = {_str(key): _str(value) for key, value in _dict(body.get("values")).items()}
        except (_Invalid, TypeError):
            return
        self.values, self.stats = values, stats

    def value(self, key: str) -> str:
        found = self.values.get(key)
        if found is None:
            found = self.values[key] = self._compute(key)
            self.changed = True
        return found

    def _compute(self, key: str) -> str:
        from gradfix.project import listing_digest, saying_line

        data = self._read()
        word = key.rpartition("\0")[2].encode("latin-1", "replace")
        return listing_digest(saying_line(path, bytes_) for path, bytes_ in zip(self.files, data) if word in bytes_)

    def _read(self) -> list[bytes]:
        """Every file's bytes (b"" when unreadable, as `Project.saying` reads them), once; the
        snapshot's values were proven for the stats before: they give way to the bytes read."""
        if self.data is None:
            data: list[bytes] = []
            stats: list[list[int] | None] = []
            for path in self.files:
                read_at = time.time_ns()
                try:
                    info = os.stat(path)
                    with open(path, "rb", buffering=0) as handle:
                        data.append(handle.read())
                    stats.append(_stat_record(info, read_at))
                except OSError:
                    data.append(b"")
                    stats.append(None)
            self.data, self.stats = data, stats
            self.values = {}
            self.changed = True
        return self.data

    def save(self) -> None:
        if self.stats is None:
            return
        prefix = len(os.path.join(self.root, ""))
        files = [[path[prefix:], stat] for path, stat in zip(self.files, self.stats)]
        body = {"settings": self.settings, "root": self.root, "files": files, "values": self.values}
        _replace(self.path, _encode(body))
        self.changed = False


class _Pending:
    """What a miss must remember to store its result: the bytes' hash and their stat."""

    __slots__ = ("head", "name", "digest", "stat", "depends_on")

    def __init__(self, head: str, name: str, digest: str, stat: list[int] | None) -> None:
        self.head = head
        self.name = name
        self.digest = digest
        self.stat = stat
        # what the prefilter read to let the file through (`runner._prepare`): a result is
        # only computed while it does, so it depends on those files too
        self.depends_on: dict[str, str] | None = None


class Cache:
    def __init__(self, directory: str, settings: str) -> None:
        self.directory = directory
        self.settings = settings
        self.folder = os.path.join(directory, f"v{SCHEMA}-{settings}")
        self._shards: dict[str, _Shard] = {}  # least recently used first
        self._last: _Shard | None = None
        self._hashes: dict[str, str | None] = {}  # dependency path -> current hash, this run
        self._roots: dict[str, str | None] = {}  # folder -> its project root, this run
        self._trees: dict[str, _Tree] = {}  # project root -> its files, this run
        self.hits = 0
        self.misses = 0

    def _shard(self, head: str) -> _Shard:
        """The shard of the folder that `head` (a printed path's folder part) names."""
        if self._last is not None and self._last.display == head:
            return self._last
        shard = self._shards.pop(head, None)
        if shard is None:
            folder = os.path.abspath(head or ".")
            name = _digest(os.fsencode(folder) + b"\0" + os.fsencode(head)) + ".json"
            shard = _Shard(os.path.join(self.folder, name), folder, head, self.settings)
        self._shards[head] = shard
        while len(self._shards) > MAX_SHARDS:
            oldest = next(iter(self._shards))
            self._save([self._shards.pop(oldest)])
        self._last = shard
        return shard

    def lookup(self, path: str) -> tuple[FileResult | None, bytes | None, _Pending | None]:
        """(the stored result, None, None) on a hit; (None, bytes, what to store) on a miss.
        Raises FileError when the file cannot be read, like `files.read_source`."""
        head, name = _split(path)
        shard = self._shard(head)
        absolute = shard.prefix + name  # a warm run does this for every file: no `os.path.join`
        entry = shard.entries.get(name)
        if type(entry) is not dict:
            entry = None
        elif entry.get("stat") is not None and entry.get("stat") == _stat_now(absolute):
            result = self._result(entry, path)
            if result is not None:
                self.hits += 1
                return result, None, None
        read_at = time.time_ns()
        data, info = read_source_and_stat(path)
        digest = content_hash(data)
        pending = _Pending(head, name, digest, _stat_record(info, read_at))
        if entry is not None and entry.get("hash") == digest:
            result = self._result(entry, path)
            if result is not None:
                self.hits += 1
                if pending.stat != entry.get("stat"):  # remember the stat: next time no read
                    shard.set(name, {**entry, "stat": pending.stat})
                return result, data, None
        self.misses += 1
        return None, data, pending

    def store(self, pending: _Pending, result: FileResult) -> None:
        entry: dict[str, Any] | None = None
        if _cacheable(result):
            depends_on = result.depends_on if not pending.depends_on else {**pending.depends_on, **result.depends_on}
            dependencies = self._record_dependencies(depends_on)
            if dependencies is not None:
                entry = {"hash": pending.digest, "stat": pending.stat, "result": _dump_result(result)}
                if result.notes:  # notes quote the path as printed: `src//nb.ipynb` is not `src/nb.ipynb`
                    entry["path"] = result.path
                if dependencies:
                    entry["depends_on"] = dependencies
        # the shard may have been saved and dropped meanwhile: this reads it again
        self._shard(pending.head).set(pending.name, entry)

    def save(self) -> None:
        self._save(list(self._shards.values()), with_trees=True)

    def _save(self, shards: list[_Shard], with_trees: bool = False) -> None:
        dirty = [shard for shard in shards if shard.changed]
        trees = [tree for tree in self._trees.values() if tree.changed] if with_trees else []
        if not dirty and not trees:
            return
        try:
            self._prepare_directory()
            for shard in dirty:
                shard.save()
            for tree in trees:
                tree.save()
        except OSError:
            pass  # a cache that cannot be written is not an error: the next run analyses again

    # --------------------------------------------------------------------------------------
    def _result(self, entry: dict[str, Any], path: str) -> FileResult | None:
        if "path" in entry and entry["path"] != path:
            return None
        if "depends_on" not in entry:  # most files: read from nothing but themselves
            try:
                return _load_result(path, entry.get("result"))
            except _Invalid:
                return None
        try:
            dependencies = _dict(entry.get("depends_on", {}))
            for dependency, record in dependencies.items():
                if not self._unchanged(_str(dependency), _dict(record)):
                    return None
            result = _load_result(path, entry.get("result"))
        except _Invalid:
            return None
        result.depends_on = {dependency: record["hash"] for dependency, record in dependencies.items()}
        return result

    def _unchanged(self, path: str, record: dict[str, Any]) -> bool:
        stat = _stat_field(record.get("stat"))
        digest = _str(record.get("hash"))
        if path.startswith("\0"):  # not a file (`_now`)
            return stat is None and self._now(path) == digest
        if digest == ABSENT:
            return not os.path.lexists(path)
        if stat is not None and stat == _stat_now(path):
            return True
        return self._current_hash(path) == digest

    def _current_hash(self, path: str) -> str | None:
        if path not in self._hashes:
            try:
                with open(path, "rb") as handle:
                    self._hashes[path] = content_hash(handle.read())
            except OSError:
                self._hashes[path] = None
        return self._hashes[path]

    def _now(self, key: str) -> str | None:
        """The current value of a dependency that is not a file (None: not a key gradfix writes)."""
        from gradfix.project import ROOT_KEY, SAYING_KEY, project_root

        if key.startswith(ROOT_KEY):
            folder = key[len(ROOT_KEY) :]
            if folder not in self._roots:
                self._roots[folder] = project_root(folder) if os.path.isdir(folder) else None
            return self._roots[folder]
        if not key.startswith(SAYING_KEY):
            return None
        root, nul, _ = key[len(SAYING_KEY) :].partition("\0")
        if not nul:
            return None
        tree = self._trees.get(root)
        if tree is None:
            tree = self._trees[root] = _Tree(root, self.folder, self.settings)
        return tree.value(key)

    def _record_dependencies(self, depends_on: dict[str, str]) -> dict[str, Any] | None:
        """path -> {hash, stat} for every dependency, or None when one no longer holds the bytes
        the result was computed from (then the result is not stored). A dependency that is not a
        file is stored as the analysis found it: every later run recomputes it before a hit."""
        records: dict[str, Any] = {}
        for dependency, digest in sorted(depends_on.items()):
            if dependency.startswith("\0"):  # (the project as it is now gives what the analysis found)
                if self._now(dependency) != digest:
                    return None
                records[dependency] = {"hash": digest, "stat": None}
                continue
            path = os.path.abspath(dependency)
            if digest == ABSENT:
                if os.path.lexists(path):
                    return None
                records[path] = {"hash": ABSENT, "stat": None}
                continue
            read_at = time.time_ns()
            try:
                data, info = read_source_and_stat(path)
            except FileError:
                return None
            if content_hash(data) != digest:
                return None
            records[path] = {"hash": digest, "stat": _stat_record(info, read_at)}
        return records

    def _prepare_directory(self) -> None:
        if os.path.isdir(self.folder):
            return
        os.makedirs(self.directory, exist_ok=True)
        names = os.listdir(self.directory)
        # a folder that holds anything else is the user's (GRADFIX_CACHE_DIR=/tmp): add nothing there
        if all(_OURS.match(name) for name in names):
            for name, text in ((".gitignore", "# created by gradfix\n*\n"), ("CACHEDIR.TAG", CACHEDIR_TAG)):
                if name not in names:
                    _replace(os.path.join(self.directory, name), text.encode())
            self._remove_stale_settings(names)
        os.makedirs(self.folder, exist_ok=True)

    def _remove_stale_settings(self, names: list[str]) -> None:
        """Settings folders no run has written to for 30 days (other versions, other options)."""
        import shutil

        now = time.time_ns()
        for name in names:
            path = os.path.join(self.directory, name)
            if not _SETTINGS_FOLDER.match(name) or os.path.islink(path):
                continue
            try:
                stale = now - os.stat(path).st_mtime_ns > STALE_SETTINGS_NS
            except OSError:
                continue
            if stale:
                shutil.rmtree(path, ignore_errors=True)
