"""The project a file belongs to, read lazily: one program, not one file.

Training code is split up — `train_one_epoch(...)` in `engine.py` called from `main.py`, a
`train_step(model, optimizer, batch)` called from a loop elsewhere. The loop model asks this
index two questions:

- *what is this imported name?* (`from .engine import train_one_epoch`, `import trainer as T`):
  the module is located under the project root (or next to the importing file, as a script's
  sibling imports resolve) and read, parsed and indexed only then;
- *who calls this function?*: the project's files are searched as bytes (the files whose import
  statements name its module, for the name), and only the files that may call it are parsed.

Nothing is read that no question needs, so a run over one file (an editor, pre-commit) still
sees through the project without analysing it. Every file a result depended on is recorded
with the hash of its bytes (the cache keys on them). The root is the nearest folder above the
file with `pyproject.toml`, `setup.py` or `.git`; without one (a downloaded archive, a copied
folder), the outermost folder given on the command line that holds the file, else the folder
the file's top package sits in (`use_roots`, `project_root`).
"""

from __future__ import annotations

import os
import re

from gradfix import files as _files
from gradfix.files import DEFAULT_EXCLUDES
from gradfix.patterns import lazily, starting_at
from gradfix.records import dataclass, field
from gradfix.source import Source, SourceError
from gradfix.walk import child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterable, Iterator

    from gradfix.analysis.facts import FunctionInfo, ModuleFacts

MARKERS = ("pyproject.toml", "setup.py", ".git")
# A module whose bytes say none of these cannot touch gradients: no need to parse it.
GRADIENT_BYTES = (b"backward", b"step", b"zero_grad", b".grad", b"clip_grad", b"scale")
_MAX_PROJECT_FILES = 20_000
# Training libraries whose API the rules know by name (`accelerator.backward`, a Lightning
# `training_step`, `engine.backward`, timm's schedulers): their own source is never read as the
# project's helpers, also when the checked tree is the library itself or vendors it; the rules
# then read it as they read it in a user's project.
MODELLED_LIBRARIES = frozenset({
    "accelerate", "lightning", "pytorch_lightning", "lightning_fabric", "deepspeed", "ignite", "timm", "transformers",
})  # fmt: skip
_ABSENT = "absent"  # gradfix.cache.ABSENT, without importing the cache here
# Keys of `touched` (and `FileResult.depends_on`) that are not files start with a NUL, which no
# path holds: what else a result was computed from, each recomputed by the cache to check it
# (`cache._Tree`): which files of a project say a word (`saying`), with their bytes' hashes --
# the empty word for a search through every file (`contents`): the list of the project's files
# and every file's bytes, as one dependency; and the project root of the file's folder.
SAYING_KEY = "\0saying\0"  # + root + NUL + word (latin-1) -> `listing_digest` of `saying_line`s
ROOT_KEY = "\0root\0"  # + a file's folder (absolute) -> its project root
_BACKWARD_BYTES = (b"backward", b"loss_scaler", b"scale_loss")
# (not `super().__init__(...)`, nor a module's own methods: `super().forward(x)`, `.train(mode)`)
_SUPER_METHOD_CALL = lazily(
    rb"\bsuper\([^()\n]*\)[ \t]*\.[ \t]*(?!__|(?:forward|train|eval|to|cuda|cpu|float|half|apply|state_dict"
    rb"|load_state_dict|extra_repr|reset_parameters|parameters|named_parameters|modules|children)\b)\w+[ \t]*\("
)
_IMPORT_LINE = lazily(rb"^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import\b|import[ \t]+([\w., \t]+))", re.M)


def _calls_a_base_method(data: bytes) -> bool:
    """`_SUPER_METHOD_CALL.search(data) is not None`, tried only where `super(` is written (each
    match starts there, after `\\b`): the pattern has no literal prefix, so a search tries it at
    every offset of the file."""
    return next(starting_at(_SUPER_METHOD_CALL, data, b"super("), None) is not None


def project_root(path: str | os.PathLike[str]) -> str:
    path = os.fspath(path) or "."
    start = path if os.path.isdir(path) else os.path.dirname(absolute(path))
    start = os.path.abspath(start)  # `..` taken away first: its parents are the folder's own
    marked = _marked(start)
    if marked is not None:
        return marked
    # no marker (a zip download, a copied folder): the folder its top package sits in, as
    # `python main.py` there imports `utils.meters` from a file of the package `agents/`
    while os.path.exists(os.path.join(start, "__init__.py")):
        parent = os.path.dirname(start)
        if parent == start:
            break
        start = parent
    # ... or, further up, the outermost folder the run was given that holds it (`gradfix repo/`
    # checks `repo` as one program: `train_scripts/train.py`, a folder without `__init__.py`,
    # imports `diffusion.model` of the folder above, as it does when run from `repo`)
    for given in _GIVEN:
        if start == given or start.startswith(given.rstrip(os.sep) + os.sep):
            return given
    return start


def given_roots(paths: Iterable[str]) -> tuple[str, ...]:
    """The folders among a run's `paths` that no project marker places in a project and that
    hold Python of their own at the top (a module, or a package their scripts import), absolute,
    outermost first: each is the project root of the unmarked files under it (`use_roots`). A
    folder of several downloaded repositories holds none: each of them stays apart."""
    folders = {absolute(os.path.abspath(path)) for path in paths if path != "-" and os.path.isdir(path)}
    unmarked = [folder for folder in folders if _marked(folder) is None and _holds_python(folder)]
    return tuple(sorted(unmarked, key=lambda folder: (folder.count(os.sep), folder)))


def _holds_python(folder: str) -> bool:
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(".py") and entry.is_file():
                    return True
                if entry.is_dir() and os.path.isfile(os.path.join(entry.path, "__init__.py")):
                    return True
    except OSError:
        return False
    return False


def use_roots(roots: tuple[str, ...]) -> None:
    """Take `roots` (`given_roots` of the run's paths) as the roots of unmarked files; the files'
    roots found so far are forgotten when they change (a language server, a test)."""
    global _GIVEN
    if roots != _GIVEN:
        _GIVEN = roots
        _ROOTS.clear()


_GIVEN: tuple[str, ...] = ()  # `use_roots`


def absolute(path: str | os.PathLike[str]) -> str:
    """`str(pathlib.Path(path).absolute())`, without importing `pathlib` (5% of the start of a
    check of one file): the current folder put before a relative path, then spelled as `Path`
    spells it (`normalized`). The project's keys for files."""
    path = os.fspath(path)
    if _POSIX and not path.startswith("/"):
        path = os.path.join(os.getcwd(), path)  # `/x` in the root folder, not `//x`
    return normalized(path) if _POSIX else _pathlib_absolute(path)


def normalized(path: str) -> str:
    """`str(pathlib.PurePath(path))`: empty and `.` parts dropped (`..` kept, as `Path` keeps
    it), `//` kept at the start only when exactly two slashes start the path (POSIX)."""
    if not _POSIX:
        from pathlib import PurePath

        return str(PurePath(path))
    if path.startswith("/") and "//" not in path and "/./" not in path and not path.endswith(("/", "/.")):
        return path  # already so spelled (most paths: absolute ones the project built), no split and join
    parts = "/".join(part for part in path.split("/") if part and part != ".")
    if not path.startswith("/"):
        return parts or "."
    return ("//" if path.startswith("//") and not path.startswith("///") else "/") + parts


def stem(path: str) -> str:
    """`pathlib.PurePath(path).stem`: the file's name without its last suffix."""
    spelled = normalized(path)
    name = os.path.basename(spelled) if spelled != "." else ""  # `.` has no name
    dot = name.rfind(".")
    return name[:dot] if 0 < dot < len(name) - 1 else name


def _pathlib_absolute(path: str) -> str:
    from pathlib import Path  # Windows spells paths its own way: ask `Path` itself

    return str(Path(path).absolute())


_POSIX = os.sep == "/" and not os.altsep
_FOLDERS: dict[str, str] = {}  # absolute importer -> its folder (`module_file` is asked thousands of times a run)
_RELATIVE_FOLDERS: dict[str, tuple[str, str]] = {}  # relative importer -> (the current folder, its folder)


@dataclass
class Module:
    path: str  # absolute (`absolute`)
    source: Source
    facts: ModuleFacts


@dataclass
class Project:
    root: str
    # files by their absolute path (`absolute`)
    _modules: dict[str, Module | None] = field(default_factory=dict)
    # files without a gradient word (None in `_modules`), parsed for a question about any module
    _plain: dict[str, Module | None] = field(default_factory=dict)
    _bytes: dict[str, tuple[tuple[int, int] | None, bytes | None]] = field(default_factory=dict)
    _files: list[str] | None = None
    # files read for the current analysis, with their content hash
    touched: dict[str, str] = field(default_factory=dict)
    _caller_models: dict[str, object] = field(default_factory=dict)
    _hashes: dict[str, tuple[bytes, str]] = field(default_factory=dict)  # the bytes last hashed
    _epoch: object | None = None  # the `touched` record (or the run) of the files in `_seen`
    _seen: set[str] = field(default_factory=set)  # looked at on disk during this analysis
    # module name (and the importing file's folder) -> its file, and the files whose absence
    # the answer relied on; like `_files`, kept until `forget_layout()`
    _located: dict[tuple[str, str | None], tuple[str | None, dict[str, str]]] = field(default_factory=dict)
    _rooted: dict[str, tuple[str | None, tuple[str, ...]]] = field(default_factory=dict)  # its root's part
    # folder -> whether it is one, as `_search` looked during the steady run `_folders_run`
    # (`gradfix.files.steady_run`: each folder looked at on disk once per run, not again for
    # each imported name whose candidates lie in it)
    _folders: dict[str, bool] = field(default_factory=dict)
    _folders_run: str | None = None
    # folder -> the names in it, casefolded (`_listed`), likewise once per steady run
    _listings: dict[str, frozenset[str] | None] = field(default_factory=dict)
    # `function`'s answers in the current analysis (the `touched` record they were found in)
    _functions: dict[tuple[str, str | None], FunctionInfo | None] = field(default_factory=dict)
    _functions_epoch: dict[str, str] | None = None
    # `star_name`'s answers in the current analysis, likewise
    _stars: dict[tuple[tuple[str, ...], str, str | None, bool], object] = field(default_factory=dict)
    _stars_epoch: dict[str, str] | None = None
    _contents: list[tuple[str, bytes | None]] = field(default_factory=list)  # `contents`'
    _contents_epoch: dict[str, str] | None = None
    _contents_run: str | None = None  # the steady run `_contents` was read in
    _contents_read: dict[str, str] = field(default_factory=dict)  # what reading them recorded
    # `saying`'s answers (word -> files), and the run (or `touched` record) they were found in
    _saying: dict[bytes, tuple[str, ...]] = field(default_factory=dict)
    _saying_epoch: object | None = None
    _saying_digests: dict[bytes, str] = field(default_factory=dict)  # (`saying_digest`), likewise
    # a file's bytes as last read, and whether they say a backward word (`imports_backpropagation`)
    _backward_bytes: dict[str, tuple[bytes, bool]] = field(default_factory=dict)

    def forget_layout(self) -> None:
        """Forget which files exist (a long-lived process, after files were added or removed)."""
        self._files = None
        self._located.clear()
        self._rooted.clear()
        self._functions_epoch = self._contents_epoch = self._contents_run = self._saying_epoch = None

    # files -------------------------------------------------------------------------------
    def read(self, path: str) -> bytes | None:
        """A file's bytes (recorded as a dependency of the current analysis, or as absent). A
        file that changed on disk since it was last read is read again, with what was built
        from it."""
        name = absolute(path)
        data = self.read_quietly(name)
        if data is None:
            self.touched[name] = _ABSENT
            return None
        if not _files.digests:
            self.touched[name] = _files.UNHASHED
            return data
        from gradfix.cache import content_hash

        known = self._hashes.get(name)
        if known is None or known[0] is not data:
            known = self._hashes[name] = (data, content_hash(data))
        self.touched[name] = known[1]
        return data

    def read_quietly(self, path: str) -> bytes | None:
        """Bytes for a search: not a dependency unless something is found in them. A file is
        looked at on disk once per analysis (while `touched` is the same record), or once per
        run over files (`gradfix.files.steady_run`)."""
        path = absolute(path)
        run = _files.steady
        if run is None:
            fresh = self._epoch is not self.touched
            epoch: object = self.touched
        else:
            fresh = self._epoch != run  # a string, compared by value: it is sent to workers
            epoch = run
        if fresh:
            self._epoch = epoch
            self._seen = set()
        elif path in self._seen:
            return self._bytes[path][1]
        self._seen.add(path)
        try:
            info = os.stat(path)
            stamp: tuple[int, int] | None = (info.st_mtime_ns, info.st_size)
        except OSError:
            stamp = None
        cached = self._bytes.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        data: bytes | None = None
        if stamp is not None:
            try:
                with open(path, "rb", buffering=0) as handle:  # unbuffered: one read of the whole file
                    data = handle.read()
            except OSError:
                data = None
        if cached is not None:  # changed on disk: forget what was built from the old bytes
            _release(self._modules.pop(path, None), None)
            _release(self._plain.pop(path, None), None)
            self._caller_models.clear()
        self._bytes[path] = (stamp, data)
        return data

    def remember(self, path: str, data: bytes, source: Source, facts: ModuleFacts) -> None:
        """The file being analysed: its own module, as read (an editor's buffer may differ
        from the disk). What other modules' models saw of it before is forgotten."""
        path = absolute(path)
        _release(self._modules.get(path), facts)
        self._modules[path] = Module(path, source, facts)
        self._caller_models.clear()

    def indexed(self, path: str, data: bytes) -> Module | None:
        """The module of `path` as this index already parsed and indexed it from these very
        bytes (a helper or a caller of a file analysed before): its analysis reuses that
        source and those facts instead of parsing the file again."""
        module = self._modules.get(absolute(path))
        if module is not None and module.source.read_from(data):
            return module
        return None

    def facts_of(self, source: Source) -> ModuleFacts | None:
        """The facts indexed with `source` itself (see `indexed`)."""
        module = self._modules.get(absolute(source.path)) if source.path else None
        return module.facts if module is not None and module.source is source else None

    def module(self, path: str, any_bytes: bool = False) -> Module | None:
        """The module of a file, parsed and indexed once. A file whose bytes say no gradient
        word is parsed only for a question about any module (`any_bytes`: where a class or a
        factory is defined, what a package re-exports), and kept apart: questions about
        helpers never see it, whichever was asked first."""
        path = absolute(path)
        data = self.read(path)  # a dependency; forgets what was built from bytes that changed
        if path not in self._modules:
            # (a subclass's module whose methods call the base class's own, `super().update(b)`,
            # counts when the base class's module backpropagates)
            gradients = data is not None and (any(word in data for word in GRADIENT_BYTES) or self.backpropagates(path, data))
            self._modules[path] = self._parse(path, data) if gradients else None
        module = self._modules[path]
        if module is None and any_bytes and data is not None and not any(word in data for word in GRADIENT_BYTES):
            if path not in self._plain:
                self._plain[path] = self._parse(path, data)
            return self._plain[path]
        return module

    def _parse(self, path: str, data: bytes | None) -> Module | None:
        if data is None:
            return None
        from gradfix.analysis.facts import collect_facts

        try:
            source = Source.from_bytes(data, path)
            return Module(path, source, collect_facts(source, self))
        except (SourceError, RecursionError, MemoryError):
            return None

    def caller_model(self, path: str, build):  # type: ignore[no-untyped-def]
        """The loop model of another module (built once), to read how it calls a step function."""
        path = absolute(path)
        if path not in self._caller_models:
            self._caller_models[path] = build()
        return self._caller_models[path]

    def mentions_gradients(self, path: str) -> bool:
        data = self.read(path)
        return data is not None and any(word in data for word in GRADIENT_BYTES)

    def files(self) -> list[str]:
        """The project's Python files (default excludes skipped), found once; absolute."""
        if self._files is None:
            found: list[str] = []
            # a root spelled as `absolute` spells it: the walk's paths under it are spelled so too
            spelled = _POSIX and self.root.startswith("/") and normalized(self.root) == self.root
            for current, dirnames, filenames in os.walk(self.root):
                dirnames[:] = sorted(
                    d for d in dirnames if d not in DEFAULT_EXCLUDES and not d.startswith(".") and not d.endswith(".egg-info")
                )
                prefix = os.path.join(current, "")
                for name in sorted(filenames):
                    if name.endswith(".py"):
                        found.append(prefix + name if spelled else absolute(prefix + name))
                        if len(found) >= _MAX_PROJECT_FILES:
                            break
                if len(found) >= _MAX_PROJECT_FILES:
                    break
            self._files = found
        return self._files

    def contents(self) -> list[tuple[str, bytes | None]]:
        """Every file of the project with its bytes (None: unreadable), for a search through
        them all. The list of files and every file's bytes are a dependency of the current
        analysis (one that starts to say what is searched for, or a new one, changes the
        answer): one key, the files saying the empty word (`saying`), which the cache checks
        once per run for every result that searched. Read (and recorded) once per analysis,
        or once per steady run."""
        if self._contents_epoch is not self.touched:
            self._contents_epoch = self.touched
            if _files.steady is not None and self._contents_run == _files.steady:
                self.touched.update(self._contents_read)  # the same files, as read in this run
            else:
                self._contents = [(path, self.read_quietly(path)) for path in self.files()]
                self._contents_run = _files.steady
                self._contents_read = {}
                if _files.digests:  # (the bytes just read: `read_quietly` looks once per analysis or run)
                    self._contents_read[SAYING_KEY + self.root + "\0"] = self.saying_digest(b"")
                self.touched.update(self._contents_read)
        return self._contents

    def saying(self, word: bytes) -> tuple[str, ...]:
        """The project's files whose bytes say `word` (absolute paths), looked at quietly: no
        file becomes a dependency (a question that relies on one reads it). A gate that keeps
        a cross-module question from being asked where it cannot matter; answered once per
        steady run (or per analysis), however many files ask."""
        found = self._saying_now(word)
        if _files.digests:  # the answer is a dependency: a file that starts (or stops) saying it changes it
            self.touched[SAYING_KEY + self.root + "\0" + word.decode("latin-1")] = self.saying_digest(word)
        return found

    def saying_digest(self, word: bytes) -> str:
        """What `saying(word)` found, as the cache checks it: the files and their bytes' hashes
        (a gate reads the files it found quietly: `_subclass_names(project.read_quietly(path))`)."""
        found = self._saying_now(word)
        known = self._saying_digests.get(word)
        if known is None:
            known = self._saying_digests[word] = listing_digest(
                saying_line(path, self.read_quietly(path) or b"") for path in found
            )
        return known

    def _saying_now(self, word: bytes) -> tuple[str, ...]:
        """`saying`'s answer, found once per steady run (or per analysis)."""
        run = _files.steady
        if (self._saying_epoch != run) if run is not None else (self._saying_epoch is not self.touched):
            self._saying_epoch = run if run is not None else self.touched
            self._saying = {}
            self._saying_digests = {}
        found = self._saying.get(word)
        if found is None:
            found = self._saying[word] = tuple(
                path for path in self.files() if word in (self.read_quietly(path) or b"")
            )
        return found

    def dependencies(self, own: str) -> dict[str, str]:
        """`touched` without the file itself: what the current analysis depended on, with the
        project root of the file's folder when it depended on anything (a marker file added
        above it moves the root, and with it what imports resolve to and which files count)."""
        depends = {name: digest for name, digest in self.touched.items() if name != own}
        if depends and _files.digests:
            depends[ROOT_KEY + os.path.dirname(os.path.abspath(own))] = self.root
        return depends

    # names ----------------------------------------------------------------------------------
    def imports_backpropagation(self, data: bytes, importer: str, depth: int = 0) -> bool:
        """The file imports a module of this project that runs a backward pass (a quick look at
        import lines and at the imported files' bytes, for the prefilter)."""
        for start, end in import_lines(data):  # where `_IMPORT_LINE` can match: its matches, in order
            match = _IMPORT_LINE.match(data, start)
            if match is None:
                continue
            names = [match.group(1)] if match.group(1) else [n.split()[0] for n in match.group(2).split(b",") if n.strip()]
            for raw in names:
                name = raw.decode("ascii", "replace")
                path = self.module_file(name, importer)
                data_there = self.read(path) if path is not None else None
                if data_there is not None and self.backpropagates(path, data_there, depth):  # type: ignore[arg-type]
                    return True
                if (
                    data_there is not None and match.group(1) and depth < 2 and path.endswith("__init__.py")  # type: ignore[union-attr]
                    and self._package_backpropagates(raw, importer, [n for n, _ in _imported_names(data, match.end(), end)], depth)
                ):
                    return True  # `from pkg import train_one_epoch`, re-exported by pkg/__init__.py
        return False

    def _package_backpropagates(self, package: bytes, importer: str, names: list[bytes], depth: int) -> bool:
        """`from pkg import a, b`: a name the package's `__init__.py` re-exports from a module of
        the project whose text of it says a backward word (`from .engine import train_one_epoch`)."""
        return self._defines_backward(package, importer, names)

    def subclassed_to_backpropagate(self, data: bytes, own: str) -> bool:
        """The file defines a class with a stub method (`def train_step(self, batch): raise
        NotImplementedError`) that its own code calls (`self.train_step(batch)` in the loop that
        steps), and another module of the project derives from the class and says a backward
        word: a template-method trainer whose subclasses backpropagate. Asked, for the
        prefilter, of a file that steps or clears but neither backpropagates nor imports a
        module that does."""
        if b"NotImplementedError" not in data or b"class" not in data:
            return False
        stubs = _called_stubs(data)
        if not stubs:
            return False
        from gradfix.analysis.steps import _subclass_names, class_importers

        own = os.path.abspath(own)
        for class_name in stubs:
            for path in class_importers(self, own, class_name):
                there = self.read(path)
                if there is not None and _subclass_names(there, class_name) and any(word in there for word in _BACKWARD_BYTES):
                    return True
        return False

    def calls_backpropagating_function(self, data: bytes, importer: str, bases_only: bool = False) -> bool:
        """The file calls a function (or builds or derives from a class) it imports from a
        module of this project whose own text says a backward word: `train_one_epoch(...)` from
        engine.py, `engine.train_one_epoch(...)`, or `class Trainer(BaseTrainer)` whose loop
        calls the base's `self.train_step(...)`. Asked, for the prefilter, of a file that says
        `epoch` (or calls a `..._step(`) but neither steps nor clears an optimizer: an epoch
        loop of helpers, whose evaluation, sampler and loss bookkeeping are the file's own.
        `bases_only`: only the classes the file derives from are looked at."""
        bases: set[bytes] | None = _base_names(data) if bases_only else None
        for start, end in import_lines(data):
            match = _IMPORT_LINE.match(data, start)
            if match is None:
                continue
            if match.group(1):  # from M import a, b as c: calls `c(`, or `c.name(` of a module c
                module = match.group(1)
                for name, local in _imported_names(data, match.end(), end):
                    if bases_only:
                        if local in bases and self._defines_backward(module, importer, (name,)):  # type: ignore[operator]
                            return True
                        continue
                    used = local + b"(" in data
                    if not used:
                        bases = _base_names(data) if bases is None else bases
                        used = local in bases
                    if used and self._defines_backward(module, importer, (name,)):
                        return True
                    if local + b"." in data:
                        inner = module + name if module.endswith(b".") else module + b"." + name
                        if self._defines_backward(inner, importer, _attribute_calls(data, local)):
                            return True
            elif not bases_only:  # import M, import a.b as X: calls `X.name(`
                for part in match.group(2).split(b","):
                    words = part.split()
                    if words:
                        local = words[2] if len(words) == 3 and words[1] == b"as" else words[0]
                        if self._defines_backward(words[0], importer, _attribute_calls(data, local)):
                            return True
        return False

    def _defines_backward(self, module: bytes, importer: str, names: Iterable[bytes], depth: int = 0) -> bool:
        """Module `module` of this project has a top-level function or class among `names`
        whose text says a backward word (`_says_backward_in`); a package's `__init__.py` that
        re-exports one of them (`from .engine import train_one_epoch`) is followed."""
        path = self.module_file(module.decode("ascii", "replace"), importer)
        data = self.read(path) if path is not None else None
        if data is None:
            return False
        if not any(word in data for word in _BACKWARD_BYTES):
            if depth < 2 and path is not None and path.endswith("__init__.py"):
                for name in names:
                    origin = reexported(data, name.decode("ascii", "replace"))
                    if origin is not None:
                        inner, defined = split_qualified(origin)
                        if inner and self._defines_backward(inner.encode(), path, (defined.encode(),), depth + 1):
                            return True
            return False
        return any(_says_backward_in(data, name) for name in names)

    def backpropagates(self, path: str, data: bytes, depth: int = 0) -> bool:
        """Whether these bytes (of `path`) say a backward word; asked once per bytes read. A
        module without one whose methods call their base class's own (`super().update(batch)`,
        an agent subclass) backpropagates when a module it imports does (two levels deep)."""
        known = self._backward_bytes.get(path)
        if known is None or known[0] is not data:
            says = any(word in data for word in _BACKWARD_BYTES)
            if not says and depth < 2 and b"super(" in data and _calls_a_base_method(data):
                self._backward_bytes[path] = (data, False)  # an import cycle stops here
                says = self.imports_backpropagation(data, path, depth + 1)
            known = self._backward_bytes[path] = (data, says)
        return known[1]

    # names ----------------------------------------------------------------------------------
    def module_file(self, name: str, importer: str | None) -> str | None:
        """The file of module `name` (`engine`, `pkg.engine`, `.engine`, `..utils`), absolute."""
        folder = None
        if importer is not None:
            folder = _FOLDERS.get(importer)
            if folder is None:
                if _POSIX and importer.__class__ is str and not importer.startswith("/"):
                    # relative (`gradfix .`): its folder depends on the current one too, asked each time
                    here = os.getcwd()
                    kept = _RELATIVE_FOLDERS.get(importer)
                    if kept is not None and kept[0] == here:
                        folder = kept[1]
                    else:
                        folder = os.path.dirname(normalized(os.path.join(here, importer)))  # `absolute`'s
                        _RELATIVE_FOLDERS[importer] = (here, folder)
                else:
                    folder = os.path.dirname(absolute(importer))  # its parent, as `Path` says
                    if _POSIX and importer.__class__ is str:  # (absolute: not the current folder's)
                        _FOLDERS[importer] = folder
        key = (name, folder)
        located = self._located.get(key)
        if located is None:
            absent: list[str] = []
            found = self._module_file(name, folder, absent)
            located = self._located[key] = (absolute(found) if found is not None else None, dict.fromkeys(absent, _ABSENT))
        if located[1]:
            self.touched.update(located[1])  # each absent candidate: appearing, it would change the answer
        return located[0]

    def _is_folder(self, path: str) -> bool:
        """`os.path.isdir(path)`, looked at on disk once per steady run (`_folders`); at each
        question outside one (a language server, a run that writes fixes)."""
        run = _files.steady
        if run is None:
            return os.path.isdir(path)
        if self._folders_run != run:  # a string, compared by value (as `read_quietly` does)
            self._folders_run, self._folders, self._listings = run, {}, {}
        found = self._folders.get(path)
        if found is None:
            found = self._folders[path] = os.path.isdir(path)
        return found

    def _listed(self, folder: str) -> frozenset[str] | None:
        """The names in a folder, casefolded, listed once per steady run (None outside one, or
        when it cannot be listed): `_search` looks for a module's files on disk only where its
        name is listed (a run asks for `os`, `json`, `numpy`... next to each importer)."""
        run = _files.steady
        if run is None:
            return None
        if self._folders_run != run:
            self._folders_run, self._folders, self._listings = run, {}, {}
        if folder in self._listings:
            return self._listings[folder]
        try:
            found: frozenset[str] | None = frozenset(name.casefold() for name in os.listdir(folder))
        except (OSError, ValueError):
            found = None
        self._listings[folder] = found
        return found

    def _module_file(self, name: str, folder: str | None, absent: list[str]) -> str | None:
        """As `module_file`, on strings (a run asks it for every imported name it resolves).
        An absolute name is looked for next to the importer, then at the root, in `src/` and in `lib/`:
        the root's part of the answer is the same for every importer, found once per name."""
        level = len(name) - len(name.lstrip("."))
        parts = [p for p in name.lstrip(".").split(".") if p]
        if not level and parts and parts[0] in MODELLED_LIBRARIES:
            return None  # read by name, as in every other project, even in a tree holding its source
        root = str(self.root)  # absolute (`project_root`)
        inside = root if root.endswith(os.sep) else root + os.sep
        if level:
            if folder is None:
                return None
            base = folder
            for _ in range(level - 1):
                base = os.path.dirname(base)
            return _search([base], parts, inside, absent, self._is_folder, self._listed)
        if folder is not None:
            found = _search([folder], parts, inside, absent, self._is_folder, self._listed)
            if found is not None:
                return found
        rooted = self._rooted.get(name)
        if rooted is None:
            missing: list[str] = []
            # `lib/`: the tools/ + lib/ layout of detection and pose repositories, whose scripts
            # put it on `sys.path` (`tools/_init_paths.py`) and import `core.function`
            bases = [root, os.path.join(root, "src"), os.path.join(root, "lib")]
            rooted = self._rooted[name] = (_search(bases, parts, inside, missing, self._is_folder, self._listed), tuple(missing))
        absent.extend(rooted[1])
        return rooted[0]

    def function(self, qualified: str, importer: str | None, depth: int = 0) -> FunctionInfo | None:
        """The function or method a qualified name stands for (`engine.train_one_epoch`,
        `.engine.train_one_epoch`, `trainer.Trainer.step`), if it lives in the project.
        Answered once per analysis (while `touched` is the same record: the files it read are
        recorded there already, and are not read again in it)."""
        if depth == 0:
            if self._functions_epoch is not self.touched:
                self._functions_epoch = self.touched
                self._functions = {}
            key = (qualified, importer)
            if key in self._functions:
                return self._functions[key]
            found = self._functions[key] = self._function(qualified, importer, 0)
            return found
        return self._function(qualified, importer, depth)

    def star_name(
        self, stars: list[str], name: str, importer: str | None, facts: ModuleFacts | None = None, classes: bool = False
    ) -> str | None:
        """The qualified name `name` stands for when only a `from m import *` can bind it (`stars`,
        as `ImportMap.stars` lists them): the last such module of the project whose bytes define
        it as a function (`def train_step(`: `.engine.train_step`), or with `classes` as a class
        (`class EvalMixin`, a base a star import brings). Names a module re-exports are not
        looked for."""
        import builtins

        if hasattr(builtins, name):
            return None  # `print(...)`, `len(...)`: a star import rarely shadows them
        if self._stars_epoch is not self.touched:
            self._stars_epoch = self.touched  # (the files read are recorded there once per analysis)
            self._stars = {}
        key = (tuple(stars), name, importer, classes)
        if key not in self._stars:
            self._stars[key] = self._star_name(stars, name, importer, classes)
        found = self._stars[key]
        if found is not None and facts is not None and name in _bound_at_top(facts):
            return None  # `evaluate = metrics.evaluate` after the star import: the module's own binding
        return found  # type: ignore[return-value]

    def _star_name(self, stars: list[str], name: str, importer: str | None, classes: bool = False) -> str | None:
        files = self._stars.get((tuple(stars), "", importer, False))  # the starred modules' bytes, read once
        if files is None:
            from gradfix.analysis.names import LIBRARY_ROOTS, stdlib_names

            found: list[tuple[str, bytes]] = []
            for module in reversed(stars):
                root = module.lstrip(".").split(".", 1)[0]
                if not module.startswith(".") and (root in LIBRARY_ROOTS or root in stdlib_names()):
                    continue  # `from torch.nn import *`
                path = self.module_file(module, importer)
                data = self.read(path) if path is not None else None
                if data is not None:
                    found.append((module, data))
            files = self._stars[(tuple(stars), "", importer, False)] = found  # type: ignore[assignment]
        definition, listed = b"def " + name.encode() + b"(", (b'"' + name.encode() + b'"', b"'" + name.encode() + b"'")
        for module, data in files:  # type: ignore[union-attr]
            if b"__all__" in data and not any(quoted in data for quoted in listed):
                continue  # `__all__` leaves it out: the star import does not bind it
            if definition in data or (classes and re.search(rb"^class[ \t]+" + re.escape(name.encode()) + rb"[ \t]*[(:]", data, re.M)):
                return f"{module}.{name}" if module.strip(".") else f"{module}{name}"
        return None

    def mode_function(self, qualified: str, importer: str | None, depth: int = 0, plain: bool = False) -> FunctionInfo | None:
        """A function of another module of the project (`evaluation.validate`) whose module
        switches a module's mode (`.eval(`, `.train(`) or backpropagates: for GF017, which looks
        into validation helpers that say no gradient word (such a module is parsed apart, as for
        `any_bytes`) and into training steps. A name a package re-exports (`from .evaluation
        import validate` in its `__init__.py`, imported as `from . import validate`) is followed.
        `plain`: any function of the project, whatever its module says (a `validate` that only
        calls the evaluation of a third module), when its module's bytes define it."""
        module_name, name = split_qualified(qualified)
        if not module_name or not name or depth > 3:
            return None
        path = self.module_file(module_name, importer)
        if path is None:
            return None
        data = self.read(path)  # a dependency: the cache follows its bytes
        if path.endswith("__init__.py") and data is not None and f"def {name}(".encode() not in data:
            origin = reexported(data, name)  # `from .evaluation import validate`
            if origin is not None and origin != qualified:
                return self.mode_function(origin, path, depth + 1, plain)
        if plain and data is not None and f"def {name}(".encode() in data and b"import" in data:
            pass
        elif data is None or not (b".eval(" in data or b".train(" in data or any(word in data for word in _BACKWARD_BYTES)):
            return None  # (a training step that switches nothing still places the backward after an eval)
        module = self.module(path, any_bytes=True)
        return module.facts.module_functions.get(name) if module is not None else None

    def _function(self, qualified: str, importer: str | None, depth: int) -> FunctionInfo | None:
        if depth > 3 or not qualified:
            return None
        level = len(qualified) - len(qualified.lstrip("."))
        parts = qualified.lstrip(".").split(".")
        for cut in range(len(parts) - 1, 0 if level == 0 else -1, -1):
            module_name = "." * level + ".".join(parts[:cut])
            rest = parts[cut:]
            path = self.module_file(module_name, importer)
            if path is None:
                continue
            data = self.read(path)  # a dependency, whether or not the module is parsed
            if data is None or not _may_hold(data, rest):
                return None  # neither defines nor imports the name: nothing to parse for
            module = self.module(path)
            if module is None and path.endswith("__init__.py"):
                # a package that only re-exports (`from .engine import train_one_epoch`, `from
                # .net import Net` for `models.Net.training_step`): follow it
                origin = reexported(data, rest[0])
                return self.function(".".join([origin, *rest[1:]]), path, depth + 1) if origin is not None else None
            if module is None:
                return None
            found = _lookup(module.facts, rest)
            if found is not None:
                return found
            # re-exported: `from .engine import train_one_epoch` in a package's __init__.py
            alias = module.facts.imports.aliases.get(rest[0])
            if alias is None and path.endswith("__init__.py"):
                alias = _star_reexported(data, rest[0])  # `from .engine import *`
            if alias is not None:
                return self.function(".".join([alias, *rest[1:]]), path, depth + 1)
            return None
        return None

    def class_named(self, qualified: str, importer: str | None, depth: int = 0, any_bytes: bool = False) -> tuple[Module, str] | None:
        """The module defining a class of the project and its name there; a class a package's
        `__init__.py` re-exports (`from .net import Net`, imported as `from models import Net`)
        is followed to its module. `any_bytes`: in a module whose bytes say no gradient word
        too (a mixin's, parsed apart, as `module` says)."""
        level = len(qualified) - len(qualified.lstrip("."))
        parts = qualified.lstrip(".").split(".")
        if (len(parts) < 2 and not level) or depth > 3:
            return None
        path = self.module_file("." * level + ".".join(parts[:-1]), importer)
        if path is None:
            return None
        module = self.module(path, any_bytes)
        if (module is None or parts[-1] not in module.facts.classes) and path.endswith("__init__.py"):
            data = self.read(path)
            origin = reexported(data, parts[-1]) if data is not None and b"class " + parts[-1].encode() not in data else None
            return self.class_named(origin, path, depth + 1, any_bytes) if origin is not None and origin != qualified else None
        if module is None or parts[-1] not in module.facts.classes:
            return None
        return module, parts[-1]

    def definition(self, qualified: str, importer: str | None, depth: int = 0) -> tuple[Module, str] | None:
        """The module defining a top-level class or function of the project, and its name
        there, in any module (with or without gradient words). A name a package imports from
        elsewhere is followed (`from .wrapped import WrappedOptimizer` in `optim/__init__.py`),
        as `function` follows re-exported functions."""
        level = len(qualified) - len(qualified.lstrip("."))
        parts = qualified.lstrip(".").split(".")
        if depth > 3 or (len(parts) < 2 and not level):
            return None
        path = self.module_file("." * level + ".".join(parts[:-1]), importer)
        if path is None:
            return None
        module = self.module(path, any_bytes=True)
        if module is None:
            return None
        name = parts[-1]
        if name in module.facts.classes or name in module.facts.module_functions:
            return module, name
        alias = module.facts.imports.aliases.get(name)
        if alias is not None and alias != qualified:
            return self.definition(alias, path, depth + 1)
        return None


def _bound_at_top(facts: ModuleFacts) -> frozenset[str]:
    """The names the module's top-level code binds by assignment (also under `if`, `for`,
    `with` and `try` there), found once per module."""
    found = facts.__dict__.get("_bound_at_top")
    if found is None:
        from gradfix import syntax as ast

        names: set[str] = set()
        stack: list[ast.AST] = list(facts.source.tree.body)
        while stack:
            node = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            stack.extend(child_nodes(node))
        found = facts.__dict__["_bound_at_top"] = frozenset(names)
    return found


def _release(module: Module | None, keep: ModuleFacts | None) -> None:
    """A module's analysis that a newer one replaces: its facts let go of their functions."""
    if module is not None and module.facts is not keep:
        module.facts.release()


def _may_hold(data: bytes, rest: list[str]) -> bool:
    """Whether a module's bytes can answer `_function`'s lookup of `rest` (`name` or
    `Class.name`, then through an import of `rest[0]`), a quick look before parsing it. A
    function or method is found only where `def name` is written; a re-export only where
    `rest[0]` is bound by an import, and every name an import binds is written right after
    `import`, `as`, `,` or `(`, or at the start of a line that continues the statement (the
    line above, blank lines and comment lines left out, ends with `,`, `(` or a backslash, or
    holds a `#` that hides how it ends). Anything else that looks like one answers yes."""
    if b"\r" in data:  # lines as Python counts them
        data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    if rest[0].encode() not in data and _star_reexported(data, rest[0]) is not None:
        return True  # a package's `from .engine import *`: followed by the caller
    if len(rest) == 2 and rest[1] == "__init__" and b"dataclass" in data:
        return True  # the `__init__` a `@dataclass` is given (gradfix.dataclass_inits), written nowhere
    if len(rest) <= 2:
        for start, before in _occurrences(data, rest[-1].encode()):
            if before.rstrip(b" \t\n\\").endswith(b"def") and _word_ends(before.rstrip(b" \t\n\\"), 3):
                return True
    for start, before in _occurrences(data, rest[0].encode()):
        before = before[before.rfind(b"\n") + 1 :].rstrip()
        if before.endswith((b",", b"(", b"\\")):
            return True
        if (before.endswith(b"import") and _word_ends(before, 6)) or (before.endswith(b"as") and _word_ends(before, 2)):
            return True
        if before.strip():
            continue  # a use of the name, not an import of it
        while start > 0:  # the start of a line: does the statement above go on?
            end = start - 1
            start = data.rfind(b"\n", 0, end) + 1
            line = data[start:end].strip()
            if not line or line.startswith(b"#"):
                continue
            if line.endswith((b",", b"(", b"\\")) or b"#" in line:
                return True
            break
    return False


def _search(bases: list[str], parts: list[str], inside: str, absent: list[str], is_folder=os.path.isdir, listed=None) -> str | None:  # type: ignore[no-untyped-def]
    """The first of the module's files (`parts`: `a.b` as `a/b/__init__.py`, then `a/b.py`:
    a package wins over a module of the same name beside it, as Python's import finds them)
    under these folders, in order, within the project (`inside`); the files looked for and
    not found, where their folder exists, go to `absent`. `is_folder`: `os.path.isdir`, or
    the project's answers of it during a steady run (`Project._is_folder`). On POSIX the
    paths are spelled by concatenation, as `os.path.join` and `os.path.dirname` spell them for
    a folder not ending with `/` and parts without `/` (a run asks this about 2,000 times).
    `listed`: the casefolded names in a folder (`Project._listed`) or None: a module whose
    ASCII name is listed neither as a name nor with `.py` is not there, whatever the file
    system's case rules, and is not looked for on disk (its `.py` file still goes to `absent`);
    nor is a dotted one whose first part is not listed in the folder it starts from."""
    tail = "/".join(parts) if _POSIX and parts and "" not in parts else None
    if tail is not None and tail.count("/") != len(parts) - 1:
        tail = None  # a part holding `/`: `os.path.join` says it
    name = parts[-1].casefold() if listed is not None and tail is not None and parts[-1].isascii() else None
    # (`a.b`: `base/a/` is no folder where `a` is not listed in `base`)
    first = parts[0].casefold() if name is not None and len(parts) > 1 and parts[0].isascii() else None
    for base in bases:
        if tail is not None and base and base[-1] != "/" and base.__class__ is str:
            target = base + "/" + tail
            folder = target[: len(target) - len(parts[-1]) - 1]  # `os.path.dirname(target)`
            if first is not None:
                if not is_folder(base):
                    continue  # (`root/lib/` absent: nothing below it is looked at)
                names = listed(base)
                if names is not None and first not in names:
                    continue
            if not is_folder(folder):
                continue
            if name is not None:
                names = listed(folder)
                if names is not None and name not in names and name + ".py" not in names:
                    # neither `target/` nor `target.py` is there: no package, no module
                    candidate = target + ".py"
                    if candidate.startswith(inside):
                        absent.append(candidate)
                    continue
            candidate = target + "/__init__.py"
            if candidate.startswith(inside):  # within the root
                if os.path.isfile(candidate):
                    return candidate
                if is_folder(target):  # (a package folder that is not there: not looked for)
                    absent.append(candidate)
            candidate = target + ".py"
            if candidate.startswith(inside):
                if os.path.isfile(candidate):
                    return candidate
                absent.append(candidate)  # (its folder is one: looked at above)
            continue
        target = os.path.join(base, *parts) if parts else base
        if not is_folder(os.path.dirname(target) if parts else target):
            continue
        for candidate in (os.path.join(target, "__init__.py"), target + ".py" if parts else None):
            if candidate is None or not candidate.startswith(inside):  # within the root
                continue
            if os.path.isfile(candidate):
                return candidate
            if is_folder(os.path.dirname(candidate)):  # (a package folder that is not there: not looked for)
                absent.append(candidate)
    return None


def import_lines(data: bytes) -> list[tuple[int, int]]:
    """The spans of the lines (ended by `\n`) whose first characters after spaces and tabs are
    `import`, or `from` with `import` written further on the line (a pattern
    `^[ \t]*(?:import|from[^\n]*?import)[^\n]*` with `re.M` finds the same): where an import
    statement's pattern can match (`_IMPORT_LINE`, `steps._importing`: each needs `import` on
    the line its match starts at). Found from the places `import` is written (one byte search;
    a second one for `from`, which prose says often, cost as much again) rather than by trying
    a pattern at every line: a fifth of the time."""
    starts: set[int] = set()
    find, rfind = data.find, data.rfind
    at = find(b"import")
    while at != -1:
        line = rfind(b"\n", 0, at) + 1
        head = data[line:at].lstrip(b" \t")  # what comes before the word on its line
        if not head or head.startswith(b"from"):
            starts.add(line)
        at = find(b"import", at + 1)
    spans = []
    for line in sorted(starts):
        end = find(b"\n", line)
        spans.append((line, end if end != -1 else len(data)))
    return spans


def split_qualified(qualified: str) -> tuple[str, str]:
    """(module, name) of a qualified name, leading dots kept with the module: `.engine.step` ->
    (`.engine`, `step`), `.validate` -> (`.`, `validate`), `..x` -> (`..`, `x`)."""
    level = len(qualified) - len(qualified.lstrip("."))
    parts = qualified[level:].split(".")
    return "." * level + ".".join(parts[:-1]), parts[-1]


def reexported(data: bytes, name: str) -> str | None:
    """The qualified name a module's bytes import `name` as (`from .engine import
    train_one_epoch` -> `.engine.train_one_epoch`), read from its import lines, not parsed."""
    if name.encode("ascii", "replace") not in data:
        return _star_reexported(data, name)
    names = _FROM_IMPORTS.get(data)
    if names is None:
        names = {}
        for start, end in import_lines(data):
            match = _IMPORT_LINE.match(data, start)
            if match is None or not match.group(1):
                continue
            module = match.group(1).decode("ascii", "replace")
            for imported, local in _imported_names(data, match.end(), end):
                names.setdefault(local.decode("ascii", "replace"), (module if module.endswith(".") else module + ".") + imported.decode("ascii", "replace"))
        if len(_FROM_IMPORTS) > 256:
            _FROM_IMPORTS.clear()
        _FROM_IMPORTS[data] = names
    return names.get(name)


_STAR_IMPORT = lazily(rb"^from[ \t]+([.\w]+)[ \t]+import[ \t]*\*[ \t]*(?:#[^\n]*)?$", re.M)


def _star_reexported(data: bytes, name: str) -> str | None:
    """`from .engine import *` at the margin of a module whose bytes do not say `name`: the
    qualified name that import binds it to (`.engine.name`), when it is the module's one star
    import (two or more: which one binds it is not read; none: None). A public name only (a
    star import binds no `_name` the other module's `__all__` does not list, and a module whose
    import of `name` through it would fail is not one that runs)."""
    if name.startswith("_") or b"*" not in data:
        return None
    stars = _STAR_IMPORT.findall(data)
    if len(stars) != 1:
        return None
    module = stars[0].decode("ascii", "replace")
    return (module if module.endswith(".") else module + ".") + name


_FROM_IMPORTS: dict[bytes, dict[str, str]] = {}  # a module's bytes -> local name -> what `from M import` binds it to


def _imported_names(data: bytes, start: int, end: int) -> list[tuple[bytes, bytes]]:
    """(name, local name) of each name a `from M import ...` statement imports, read from
    `start` (after `import`): up to the line's end, or across lines inside parentheses."""
    text = data[start:end]
    if text.lstrip().startswith(b"("):
        close = data.find(b")", start)
        text = data[start : close if close != -1 else len(data)]
    text = b"\n".join(line.split(b"#")[0] for line in text.split(b"\n")).replace(b"(", b" ").replace(b"\\", b" ")
    pairs = []
    for part in text.split(b","):
        words = part.split()
        if words and words[0] != b"*":
            pairs.append((words[0], words[2] if len(words) == 3 and words[1] == b"as" else words[0]))
    return pairs


_MARGIN_LINE = lazily(rb"\n(?=[^\s#)\]])")  # a line that starts at the margin (not a comment, not `)`)
_CLASS_BASES = lazily(rb"^[ \t]*class[ \t]+\w+[ \t]*\(([^)]*)\)", re.M)
_CALLED_NAME = lazily(rb"(?<![\w.])(\w+)[ \t]*\(")


def _base_names(data: bytes) -> set[bytes]:
    """The names the file's classes derive from (`class Trainer(BaseTrainer, Mixin):`): what
    `_CLASS_BASES.findall(data)` finds, tried only at the start of each line that says `class`
    (a search tried the pattern at every byte: its `^` has no literal for sre to skip to)."""
    names: set[bytes] = set()
    done = 0  # where the last match ended (findall's next search starts there)
    at = data.find(b"class")
    while at != -1:
        line = data.rfind(b"\n", 0, at) + 1
        match = _CLASS_BASES.match(data, line) if line >= done else None
        if match is not None:
            done = match.end()
            names.update(re.findall(rb"(?<![\w.])\w+", match.group(1)))
        end = data.find(b"\n", at)
        at = -1 if end == -1 else data.find(b"class", end)
    return names


def _attribute_calls(data: bytes, local: bytes) -> Iterator[bytes]:
    r"""The name of each `local.name(` call in the file: what `starting_at(re.compile(rb"(?<![\w.])"
    + re.escape(local + b".") + rb"(\w+)[ \t]*\("), data, local + b".")` finds, without compiling
    a pattern for each name (the look behind, then the rest, tried at each `local.` written)."""
    literal = local + b"."
    at = data.find(literal)
    while at != -1:
        match = _CALLED_ATTRIBUTE.match(data, at + len(literal)) if _NOT_AFTER_A_WORD.match(data, at) else None
        if match is None:
            at = data.find(literal, at + 1)
        else:
            yield match.group(1)
            at = data.find(literal, max(match.end(), at + 1))


_NOT_AFTER_A_WORD = lazily(rb"(?<![\w.])")  # (matched at a position: what the bytes have before it)
_CALLED_ATTRIBUTE = lazily(rb"(\w+)[ \t]*\(")


def _called_stubs(data: bytes) -> list[str]:
    """The classes of a module's bytes that define a method raising `NotImplementedError` (after
    an optional docstring) and call it on `self` elsewhere in the file."""
    from gradfix import syntax as ast

    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        return []
    text = data.decode("utf-8", "replace")
    found = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        for method in node.body:
            if not isinstance(method, ast.FunctionDef):
                continue
            body = method.body[1:] if method.body and isinstance(method.body[0], ast.Expr) and isinstance(method.body[0].value, ast.Constant) else method.body
            if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
                continue
            raised = body[0].exc.func if isinstance(body[0].exc, ast.Call) else body[0].exc
            if isinstance(raised, ast.Name) and raised.id == "NotImplementedError" and f"self.{method.name}(" in text:
                found.append(node.name)
                break
    return found


_DEFINING = lazily(rb"(?:async[ \t]+)?(?:def|class)[ \t]+")  # a line's text before a defined name
_WORD_EDGE = lazily(rb"\b")


def _defined_at(data: bytes, name: bytes) -> int:
    """Where the first match of `re.search(rb"^(?:async[ \\t]+)?(?:def|class)[ \\t]+" +
    re.escape(name) + rb"\\b", data, re.M)` ends (-1: none), without compiling a pattern for
    each name: each occurrence of the name whose line's text before it is `def `/`class `
    (`_DEFINING`, the whole of it) and which ends a word. (The regex prefers the longest
    `[ \\t]+`, the first occurrence here the shortest: the same one unless the name starts with
    a space or a tab, or is empty, which go to the regex.)"""
    if not name or name[:1] in b" \t":
        found = re.search(rb"^(?:async[ \t]+)?(?:def|class)[ \t]+" + re.escape(name) + rb"\b", data, re.M)
        return -1 if found is None else found.end()
    at = data.find(name)
    while at != -1:
        end = at + len(name)
        if _DEFINING.fullmatch(data, data.rfind(b"\n", 0, at) + 1, at) is not None and _WORD_EDGE.match(data, end) is not None:
            return end
        at = data.find(name, at + 1)
    return -1


def _says_backward_in(data: bytes, name: bytes, depth: int = 0) -> bool:
    """The text of the top-level `def name(` or `class name` of a module, up to the next line
    that starts at the margin, says a backward word, or calls a top-level function of the
    same module whose text does (`train_one_epoch` calling `train_step`; one level)."""
    end = _defined_at(data, name)
    if end == -1:
        return False
    after = _MARGIN_LINE.search(data, end)
    body = data[end : after.start() if after is not None else len(data)]
    if any(word in body for word in _BACKWARD_BYTES):
        return True
    return depth == 0 and any(
        called != name and _says_backward_in(data, called, 1) for called in {m.group(1) for m in _CALLED_NAME.finditer(body)}
    )


def _occurrences(data: bytes, word: bytes) -> Iterator[tuple[int, bytes]]:
    """Each place `word` is written as a whole identifier: where its line starts, and the
    text from a little before that line (enough for `def` across a backslash) up to it."""
    at = data.find(word)
    while at != -1:
        end = at + len(word)
        if not (at and _in_word(data[at - 1])) and not (end < len(data) and _in_word(data[end])):
            line = data.rfind(b"\n", 0, at) + 1
            yield line, data[max(0, min(line, at - 80)) : at]
        at = data.find(word, end)


def _in_word(byte: int) -> bool:
    return byte == 95 or byte >= 128 or 48 <= byte <= 57 or 65 <= byte <= 90 or 97 <= byte <= 122


def _word_ends(text: bytes, size: int) -> bool:
    """`text` ends with a word of `size` bytes (not the tail of a longer one)."""
    return len(text) == size or not _in_word(text[-size - 1])


def _lookup(facts: ModuleFacts, rest: list[str]) -> FunctionInfo | None:
    if len(rest) == 1:
        return facts.module_functions.get(rest[0])
    if len(rest) == 2:
        return facts.methods.get(rest[0], {}).get(rest[1])
    return None


_PROJECTS: dict[str, Project] = {}
_ROOTS: dict[str, str] = {}  # a file's folder -> its project root


def project_for(path: str) -> Project | None:
    """The (per-process) project of a file path; None for stdin without a name."""
    if not path or path == "-":
        return None
    folder = os.path.dirname(os.path.abspath(path))
    root = _ROOTS.get(folder)
    if root is None:
        root = _ROOTS[folder] = project_root(path)
    project = _PROJECTS.get(root)
    if project is None:
        project = _PROJECTS[root] = Project(root)
    return project


def listing_digest(lines: Iterable[str]) -> str:
    """The value of a `SAYING_KEY`, of its `saying_line`s."""
    from gradfix.cache import content_hash

    return content_hash("\n".join(lines).encode("utf-8", "surrogateescape"))


def saying_line(path: str, data: bytes) -> str:
    from gradfix.cache import content_hash

    return f"{path}\0{content_hash(data)}"


def _marked(folder: str) -> str | None:
    """The nearest folder at or above `folder` (absolute) holding a project marker, or None:
    `project_root`'s search, each folder looked at once however many files are under it."""
    if folder in _MARKED:
        return _MARKED[folder]
    if any(os.path.exists(os.path.join(folder, marker)) for marker in MARKERS):
        found: str | None = folder
    else:
        parent = os.path.dirname(folder)
        found = _marked(parent) if parent != folder else None
    _MARKED[folder] = found
    return found


_MARKED: dict[str, str | None] = {}  # a folder -> `_marked(folder)`


def forget_layouts() -> None:
    """Forget which files exist, in every project (a language server, when files may have
    been added, removed or moved)."""
    _ROOTS.clear()
    _MARKED.clear()
    for project in _PROJECTS.values():
        project.forget_layout()
