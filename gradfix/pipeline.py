"""One Python source through the engine: the per-file pipeline every front end shares.

    bytes -> prefilter -> parse -> loop model -> rules -> fixes (until nothing changes)
          -> verify (output parses) -> FileResult (small, picklable: no trees)

`process_python` takes a file's bytes; `check_source` runs the passes on a `Source` a front
end built itself (a notebook's cells as one program, gradfix.notebooks), with a hook that may
refuse fixes. Nothing here knows about notebooks or the process pool: gradfix.notebooks builds
on this module, and gradfix.runner (`process_source`, `run`) on both.
"""

from __future__ import annotations

import os
import sys
from collections import Counter

from gradfix.files import STDIN
from gradfix.patterns import lazily, on_lines, starting_at
from gradfix.records import dataclass, field, replace
from gradfix.source import Source, SourceError, parse, shifted
from gradfix.walk import child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Callable

MAX_PASSES = 10
# A file can hold a training iteration only if it backpropagates: through a tensor's (or an
# engine's) `.backward`, Lightning's `manual_backward`, `torch.autograd.backward`, or a loss
# scaler that calls backward itself (timm's `loss_scaler(loss, optimizer)`, Apex's
# `amp.scale_loss`). `def backward(ctx, grad)` of a custom autograd Function is not one, nor a
# longer name starting with a word (`self.backward_prefetch`), nor a scaler's name that is not
# called (`loss_scaler.load_state_dict(...)`), nor an accumulation setting alone (`_ACCUMULATING_HOOKS`).
# The loss a framework backpropagates by itself (Lightning's `training_step`, an HF Trainer's
# `compute_loss`) matters when it is divided by the accumulation count the framework divides by,
# and for what it computes (`_FRAMEWORK_LOSSES`).
PREFILTER = (
    b".backward", b"manual_backward", b"loss_scaler", b"scale_loss", b"NativeScaler", b"ApexScaler",
    b"accumulate_grad_batches", b"gradient_accumulation_steps",
)  # fmt: skip
# a loop header that says `epoch` (`for epoch in range(args.epochs):`, `while ep < max_epochs:`),
# not a URL or a docstring that does
_EPOCH_LOOP = lazily(rb"(?mi)^[ \t]*(?:async[ \t]+)?(?:for|while)\b[^\n#]*epoch")
# an optimizer of torch built (`optim.SGD(`, `torch.optim.AdamW(`: its classes are capitalised)
# or imported by name (`from torch.optim import AdamW`, or a parenthesised list), and a loop
# header; not the base class alone (`from torch.optim import Optimizer`: an optimizer's own
# module, which builds none)
_OPTIMIZER_CLASS = lazily(rb"(?<!\w)optim\.(?!Optimizer\b)[A-Z]\w*[ \t]*\(")
_OPTIMIZER_IMPORT = lazily(rb"(?m)^[ \t]*from[ \t]+torch\.optim[ \t]+import\b(?:[^\n#]*?\b(?!Optimizer\b)[A-Z]\w*|[ \t]*\()")
# an optimizer factory's call (timm's `create_optimizer_v2(model, "adamw", lr=...)`, its older
# `create_optimizer(args, model)`, a project's `build_optimizer(cfg, model)`), not its definition
_OPTIMIZER_FACTORY = lazily(rb"(?<!\w)(?<!def )(?:create_optimizer(?:_v2)?|build_optimizer)[ \t]*\(")
_LOOP_HEADER = lazily(rb"(?m)^[ \t]*(?:async[ \t]+)?(?:for|while)\b")
_BARE_BACKWARD = lazily(rb"(?<!def )(?<![\w.])backward\s*\(|\bbackward\s+as\s+[A-Za-z_]")  # or imported under another name


@dataclass(frozen=True)
class Options:
    select: frozenset[str]
    unsafe_fixes: bool = False
    fix: bool = False  # compute fixes (diff and write modes)
    # (code, line, column, cell) of one diagnostic: in fix mode, apply only that finding's fix
    # (first pass only) -- a language server's quick fix. `cell` is for notebooks, else None.
    only: tuple[str, int, int, int | None] | None = None
    # the folders given to the run that no project marker places in a project: each is the
    # project root of the files under it (gradfix.project.given_roots); usually none
    roots: tuple[str, ...] = ()


@dataclass
class Diagnostic:
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    message: str
    fixable: bool  # a fix that this run would apply
    fix_safety: str | None  # "safe", "unsafe", "display-only", or None without a fix
    cell: int | None = None  # notebooks: 1-based cell number; line and column are within it


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)  # as found in the original
    remaining: list[Diagnostic] = field(default_factory=list)  # after fixing (fix mode)
    original: bytes | None = None
    fixed: bytes | None = None  # new content when it changed
    encoding: str = "utf-8"
    error: str | None = None  # one line: "path:line:col: error: ..."
    fixed_codes: Counter = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)  # one line each, for stderr (skipped cells)
    # other files the result was computed from: path -> gradfix.cache.content_hash of the bytes
    # read (or gradfix.cache.ABSENT: relied on there being no such file); the cache reuses the
    # result only while each still hashes the same
    depends_on: dict[str, str] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return self.fixed is not None and self.fixed != self.original


def might_train(data: bytes, path: str | None = None) -> bool:
    """A cheap look at the bytes: could this file hold a training iteration? Its own
    backward call, or (when it steps or clears an optimizer, or builds a DistributedSampler)
    one in a module of its project that it imports, or (when a loop header says `epoch`, or a
    line adds something that says `loss`: `running += loss`, or it builds an optimizer of torch
    and has a loop: `t = Trainer(model, opt)`) a call of a function (or class) of its project
    whose own text says `backward`."""
    return prefilter(data, path)[0]


def _bare_backward(data: bytes) -> bool:
    """`_BARE_BACKWARD.search(data) is not None`, tried only where `backward` is written (both
    of its alternatives match from there). A search tries the pattern at every byte, since it
    starts with lookbehinds: 2 ms for a file that says `backward` only in prose."""
    at = data.find(b"backward")
    while at != -1:
        if _BARE_BACKWARD.match(data, at) is not None:
            return True
        at = data.find(b"backward", at + 1)
    return False


def _dot_backward(data: bytes) -> bool:
    """`.backward` written as a whole attribute name (`loss.backward()`, `engine.backward(loss)`,
    `f = loss.backward`), not as the start of a longer one (`self.backward_prefetch` of an FSDP
    config, `.backward_hooks`): no rule reads another."""
    at = data.find(b".backward")
    while at != -1:
        end = at + 9
        if end == len(data) or not (data[end] == 95 or data[end : end + 1].isalnum()):  # 95: `_`
            return True
        at = data.find(b".backward", end)
    return False


def _spelled_backward(data: bytes) -> bool:
    """`getattr(loss, "backward")()`: the method named by a string (the loop model reads it as
    `loss.backward()`)."""
    return (b'"backward")' in data or b"'backward')" in data) and b"getattr(" in data


def _says_backward(data: bytes) -> bool:
    """`.backward`, `manual_backward`, a bare `backward(` or `getattr(loss, "backward")`: most
    files that train say one (`prefilter` asks this first)."""
    return b"backward" in data and (
        _dot_backward(data) or b"manual_backward" in data or _bare_backward(data) or _spelled_backward(data)
    )


def _says_training(data: bytes, step: bool, loss: bool) -> bool:
    """Asked after `_says_backward` (False): another word of `PREFILTER` is written, each
    holding `Scaler`, `loss` or `accumulat`, so a file that says none of those (most files) is
    read a few times, not nine. `step` and `loss`: whether the bytes say `step` and `loss` (read
    once by `prefilter`; every word below holding one is looked for only when it is written)."""
    # (`NativeScaler`, `ApexScaler` say `Scaler`; `loss_scaler`, `scale_loss` say `loss`)
    if b"Scaler" in data and any(word in data for word in _SCALER_CLASSES):
        return True
    if loss and any(_called(data, word) for word in _SCALING if word not in _SCALER_CLASSES):
        return True
    if b"accumulat" in data and any(word in data for word in _ACCUMULATING) and any(hook in data for hook in _ACCUMULATING_HOOKS):
        return True
    if any(
        said and hook in data and any(name in data for name in frameworks)
        for said, (hook, frameworks) in zip((step, loss), _FRAMEWORK_LOSSES)
    ):
        return True
    # a loss function handed to `torch.func.grad` / `grad_and_value`, differentiated without a
    # `backward` call: read (by GF018) only when an activation is named too (one scan of the
    # text for files without it: functorch's older name is not searched for)
    if b"torch.func" in data and b"grad" in data and any(word in data for word in _ACTIVATION_WORDS):
        return True
    # Ignite's supervised trainer backpropagates `loss_fn(model(x), y)` itself: read (by GF018)
    # only when an activation is named too (a model that may end with one); an engine's torch
    # scheduler wrapped in Ignite's `LRScheduler` and attached to `EPOCH_COMPLETED` or an
    # `ITERATION_` event (by GF020)
    if b"ignite" not in data:
        return False
    if b"supervised_train" in data and (
        any(word in data for word in _ACTIVATION_WORDS)
        # (or the builder's `output_transform=` hands its loss on to handlers reading
        # `engine.state.output`: by GF009)
        or (b"output_transform" in data and b"state.output" in data)
    ):
        return True
    # (or stepped by hand in a handler of those events: `@trainer.on(Events.EPOCH_COMPLETED)`)
    return (b"EPOCH_COMPLETED" in data or b"ITERATION_" in data) and (
        b"LRScheduler(" in data or (b".step()" in data and (b".on(" in data or b"add_event_handler" in data))
    )


_ACTIVATION_WORDS = (b"oftmax", b"igmoid")


# the loss a framework backpropagates, in a file that calls no backward: a LightningModule's
# `training_step`, an HF Trainer subclass's `compute_loss` or `training_step` (GF018 reads what they
# compute; GF002 a clear after the base `training_step`): the first hook says `step`, the second `loss`
_FRAMEWORK_LOSSES = ((b"def training_step", (b"ightning", b"Trainer")), (b"def compute_loss", (b"Trainer",)))


_SCALING = tuple(word for word in PREFILTER if b"cale" in word)
# a scaler's class counts wherever it is named (`loss_scaler = NativeScaler()`: any name may call
# it); `loss_scaler` and `scale_loss` only where called (`loss_scaler(loss, optimizer)`,
# `amp.scale_loss(loss, opt)`), not as a parameter or an attribute a checkpoint helper restores
_SCALER_CLASSES = (b"NativeScaler", b"ApexScaler")


def _called(data: bytes, word: bytes) -> bool:
    """`word` written right before an opening parenthesis (blanks between allowed)."""
    at = data.find(word)
    while at != -1:
        end = at + len(word)
        while data[end : end + 1] in (b" ", b"\t"):
            end += 1
        if data[end : end + 1] == b"(":
            return True
        at = data.find(word, end)
    return False
_ACCUMULATING = tuple(word for word in PREFILTER if b"accumulat" in word)
# ... which matter only where a library's own code backpropagates with that setting, in a file
# that says no backward itself: Ignite's `create_supervised_trainer(..., gradient_accumulation_steps=N)`
# (or the update function of `supervised_training_step(...)`), and the hooks such a framework calls (Lightning's `training_step`, an HF Trainer's
# `training_step` or `compute_loss` override). A launcher, a config or a test that only passes
# the setting on (`--gradient_accumulation_steps`) holds no training iteration.
_ACCUMULATING_HOOKS = (b"create_supervised_trainer", b"supervised_training_step", b"def training_step", b"def compute_loss")


def _says_an_epoch_loop(data: bytes) -> bool:
    """`_EPOCH_LOOP` in bytes saying `epoch`, tried only on the lines that say it in any case
    (over the whole file, the pattern was tried at every position)."""
    if b"epoch" not in data:
        return False
    return next(on_lines(_EPOCH_LOOP, data, b"epoch", data.lower()), None) is not None


def _sums_a_loss(data: bytes) -> bool:
    """A line adds into something and says `loss` after the `+=` (`running += loss`): the sum of
    what a step function of another module returns, whose file says neither a step nor an
    epoch loop. (Asked only of bytes that say `loss`.)"""
    at = data.find(b"+=")
    while at != -1:
        end = data.find(b"\n", at)
        if data.find(b"loss", at, end if end != -1 else len(data)) != -1:
            return True
        at = data.find(b"+=", at + 2)
    return False


def _builds_an_optimizer(data: bytes) -> bool:
    """The file builds (or imports) an optimizer of torch, or calls an optimizer factory. With a
    loop and no step, clear or epoch loop of its own: a script that trains through an object of
    a class of another module (`t = Trainer(model, opt)`; `while step < n: t.train_batch(x, y)`)."""
    if b"optim" not in data:
        return False
    built = next(starting_at(_OPTIMIZER_CLASS, data, b"optim."), None) is not None
    return built or next(on_lines(_OPTIMIZER_IMPORT, data, b"torch.optim"), None) is not None or _calls_an_optimizer_factory(data)


def _calls_an_optimizer_factory(data: bytes) -> bool:
    """`opt = create_optimizer_v2(model, "adamw")`, `build_optimizer(cfg, model)`: an optimizer
    built by a factory (`_OPTIMIZER_FACTORY`), tried only where its name is written; not in
    timm's own factory module, which defines `create_optimizer` (and builds none to train)."""
    names = [name for name in (b"create_optimizer", b"build_optimizer") if name in data]
    if not names or (names[0] == b"create_optimizer" and b"def create_optimizer" in data):
        return False
    return any(next(starting_at(_OPTIMIZER_FACTORY, data, name), None) is not None for name in names)


def _lightning_callbacks(data: bytes) -> bool:
    """A module of Lightning callbacks alone (no LightningModule, no backward: the modules they
    serve live elsewhere), in a file that clears (`zero_grad`, so it passed `steps`): a clear in
    `on_after_backward` or `on_before_optimizer_step` (GF002), a clip in `on_before_zero_grad`
    (GF010). Lightning calls those hooks of every callback handed to `Trainer(callbacks=[...])`
    around the step of any module it fits, so the file alone proves them. (A file that only
    clips in `on_train_batch_end` says no `zero_grad` and is not let through: finding it would
    take a scan of every file.)"""
    if b"ightning" not in data:
        return False
    if b".zero_grad(" in data and (b"def on_after_backward" in data or b"def on_before_optimizer_step" in data):
        return True
    return b"def on_before_zero_grad" in data and b"clip_grad" in data


def prefilter(data: bytes, path: str | None) -> tuple[bool, dict[str, str]]:
    """`might_train`, and the other files the answer read (path -> content hash)."""
    if _says_backward(data):
        return True, {}
    step = b"step" in data  # (`.step(`, `_step(`, `def training_step` are looked for only then)
    loss = b"loss" in data
    if _says_training(data, step, loss):
        return True, {}
    if path is None or path == STDIN:
        return False, {}
    steps = (step and b".step(" in data) or b"zero_grad" in data or b"DistributedSampler" in data
    epochs = steps or _says_an_epoch_loop(data) or (loss and _sums_a_loss(data))
    if not epochs and _builds_an_optimizer(data):
        if b"optimizers=" in data and b"lr_scheduler" in data:
            # a torch optimizer and scheduler handed to transformers' `Trainer(...,
            # optimizers=(opt, sched))`, which steps the scheduler after every optimizer step (GF020)
            return True, {}
        epochs = _LOOP_HEADER.search(data) is not None
    if not epochs and not (step and b"_step(" in data and b"class" in data):
        return False, {}
    if b"Callback" in data:
        if b"TrainerCallback" in data and (b"clip_grad" in data or b"zero_grad" in data):
            # a callback of transformers' Trainer (its hooks `on_optimizer_step(`, `on_pre_optimizer_step(`
            # say `_step(`) clipping or clearing in a hook the Trainer calls around its step (GF010, GF002)
            return True, {}
        if steps and _lightning_callbacks(data):
            return True, {}
    from gradfix.project import project_for

    project = project_for(path)
    if project is None:
        return False, {}
    project.touched = {}
    if steps:
        answer = project.imports_backpropagation(data, path) or project.subclassed_to_backpropagate(data, path)
    else:  # an epoch loop that only calls helpers (`train_one_epoch(...)` of engine.py), a loop
        # summing what a step function of another module returns (or, with neither, a subclass's
        # loop calling its base's `self.train_step(...)`: the base is read)
        answer = project.calls_backpropagating_function(data, path, bases_only=not epochs)
    return answer, project.dependencies(os.path.abspath(path))


def process_python(path: str, data: bytes, options: Options, prefiltered: bool = False) -> FileResult:
    """Python source bytes: check (and with `options.fix`, fix) them. Never raises for bad input.
    `prefiltered`: `might_train` is known to pass for them (what it read is not a dependency of
    a result it passes: the analysis records what it reads itself)."""
    result = FileResult(path, original=data)
    if not prefiltered:
        train, depends = prefilter(data, _file_path(path))
        if not train:
            result.depends_on = depends
            return result
    try:
        return _process(path, data, options, result)
    except (RecursionError, MemoryError):
        result.error = f"{path}:1:1: error: too deeply nested for gradfix to read; file left unchanged"
    except SourceError as failure:
        result.error = f"{path}:{failure.line}:{failure.column}: error: {failure}; file left unchanged"
    finally:
        forget_nodes()  # callers other than `runner.process_source` (the codemods) too
    left_unchanged(result, options)
    return result


def left_unchanged(result: FileResult, options: Options) -> None:
    """A file that failed after its findings were known (a fix that would not compile, fixes
    that did not settle) is left as it was: in fix mode every finding of the original remains,
    none fixed -- the summary must not count them as fixed, nor as absent."""
    result.fixed = None
    if options.fix:
        result.fixed_codes = Counter()
        result.remaining = unfixed(result.diagnostics)


def unfixed(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics as findings no fix was applied to (`fixable` off, the fix's safety kept)."""
    return [replace(d, fixable=False) if d.fixable else d for d in diagnostics]


def forget_nodes() -> None:
    """Let go of the analysis's answers about this file's nodes (`names.forget_nodes`), if an
    analysis ran in this process."""
    names = sys.modules.get("gradfix.analysis.names")
    if names is not None:
        names.forget_nodes()


def _process(path: str, data: bytes, options: Options, result: FileResult) -> FileResult:
    project = open_project(path)
    file_path = _file_path(path)
    known = project.indexed(file_path, data) if project is not None and file_path else None
    source = known.source if known is not None else Source.from_bytes(data, file_path)
    result.encoding = source.encoding
    # fixes never add directives, so the original bytes say whether any pass needs the check
    lower = data.lower()
    directives = b"noqa" in lower or b"gradfix:" in lower
    final = check_source(path, source, options, result, project=project, directives=directives)
    if final is not source:
        try:
            new = final.data
        except UnicodeEncodeError as error:
            raise SourceError(f"internal error: the fix cannot be written in {source.encoding} ({error})") from None
        if new != data:
            result.fixed = new
    return result


def open_project(path: str):  # type: ignore[no-untyped-def]
    """The project index of the file `path` names (None for stdin), reset to record what
    this analysis reads."""
    from gradfix.project import project_for

    project = project_for(path)
    if project is not None:
        project.touched = {}
    return project


def check_source(
    path: str,
    source: Source,
    options: Options,
    result: FileResult,
    *,
    project: object | None = None,
    directives: bool = True,
    accept: Callable[[Source, object], bool] | None = None,
) -> Source:
    """The passes over one parsed source: findings go into `result.diagnostics` (positions in
    `source`), and with `options.fix` the fixes are applied until nothing changes; returns the
    final source (`source` itself when nothing changed), with `result.remaining` and
    `result.fixed_codes` filled in and `result.depends_on` taken from `project`.

    `accept(current_source, fix)`, when given, may refuse a fix: its finding is then reported
    without one (not fixable, no fix safety) and never applied. Raises `SourceError` when a
    fix would not compile or the fixes do not settle (a defect of a rule).
    """
    from gradfix.analysis.loops import build_model
    from gradfix.suppressions import filter_suppressed
    from gradfix.transforms.apply import apply_fixes, own_edits, select_compatible

    original_tree = source.tree if not source.left_out else None
    rules = _rules(options.select)
    first = True
    changed = False
    findings: list = []  # type: ignore[type-arg]
    for _ in range(MAX_PASSES):
        model = build_model(source, project)
        findings = _distinct([finding for rule in rules for finding in rule.check(model)]) if not _other_framework(model) else []
        if model.handed_self:
            from gradfix.transforms.own_names import keep_own_names

            keep_own_names(findings, model)
        for finding in findings:
            if finding.fix is not None and (not own_edits(source, finding.fix) or (accept is not None and not accept(source, finding.fix))):
                finding.fix = None  # a fix must edit this file's own nodes (apply.own_edits)
            elif finding.fix is not None and hasattr(source.tree, "match_arms"):
                from gradfix.match_arms import refused_by_match_arms

                if refused_by_match_arms(source, finding.fix):
                    finding.fix = None  # it would rewrite what only the `if` reading of a `match` has
            if finding.fix is not None and hasattr(source.tree, "phase_loops"):
                from gradfix.phase_loops import refused_by_phase_loops

                if refused_by_phase_loops(source, finding.fix):
                    finding.fix = None  # it would rewrite what only the nested reading of a state machine has
        spans = None
        if findings and directives:
            spans = _spans(source, [f.node for f in findings] + [r for f in findings for r in f.related])
            findings = filter_suppressed(findings, source, spans)
        if first:
            shown = _without_consequences(findings, options) if any(f.code == "GF026" for f in findings) else findings
            result.diagnostics = _diagnostics(path, source, shown, options, spans)
            first = False
        if not options.fix:
            break
        applicable = [f for f in findings if _applies(f, options)]
        if options.only is not None:
            applicable = _only(source, applicable, options.only, spans)
        if not applicable:
            result.remaining = _diagnostics(path, source, findings, options, spans)
            break
        chosen = select_compatible(f.fix for f in applicable)  # type: ignore[misc]
        chosen_ids = {id(fix) for fix in chosen}
        result.fixed_codes.update(f.code for f in applicable if id(f.fix) in chosen_ids)
        applied: list = []  # type: ignore[type-arg]
        text = apply_fixes(source, chosen, applied)
        try:
            if source.left_out is not None:  # a big file: only what may matter is parsed again
                left_out = shifted(source.left_out, source, applied)
                source = Source.reduced(text, source.encoding, path=source.path, left_out=left_out)
            else:
                source = Source(text, parse(text), source.encoding, path=source.path)
        except SourceError as error:
            raise SourceError(f"internal error: the fix would not compile ({error})") from None
        changed = True
        if options.only is not None:
            break
    else:
        # fixes that keep finding something to fix are a defect of a rule: write nothing
        raise SourceError(f"internal error: the fixes did not settle after {MAX_PASSES} passes")
    if project is not None:
        own = os.path.abspath(_file_path(path) or path)
        result.depends_on = project.dependencies(own)  # type: ignore[attr-defined]
    if changed and source.left_out:
        _compiles(source.text)  # the whole fixed file, not only the part analysed again
    elif changed and original_tree is not None and _misplaced_jumps(source.tree) > _misplaced_jumps(original_tree):
        # a `continue` copied out of its loop: `ast.parse` accepts it, the compiler does not
        raise SourceError("internal error: the fix would not compile (a 'continue', 'break' or 'return' outside its loop or function)")
    return source


def _misplaced_jumps(tree) -> int:  # type: ignore[no-untyped-def]
    """How many `continue`/`break` statements sit outside a loop, and `return`s outside a
    function: what `ast.parse` accepts and the compiler refuses."""
    from gradfix import syntax as ast

    cases = (ast.ExceptHandler, getattr(ast, "match_case", ast.ExceptHandler))
    count = 0
    stack = [(tree, False, False)]  # (node, in a loop, in a function)
    while stack:
        node, in_loop, in_function = stack.pop()
        if isinstance(node, (ast.Continue, ast.Break)) and not in_loop or isinstance(node, ast.Return) and not in_function:
            count += 1
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stack.extend((child, False, True) for child in node.body)
        elif isinstance(node, ast.ClassDef):
            stack.extend((child, False, False) for child in node.body)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            stack.extend((child, True, in_function) for child in node.body)
            stack.extend((child, in_loop, in_function) for child in node.orelse)
        elif isinstance(node, (ast.stmt, ast.Module, *cases)):
            stack.extend((child, in_loop, in_function) for child in child_nodes(node) if isinstance(child, (ast.stmt, *cases)))
    return count


def _distinct(findings: list) -> list:  # type: ignore[type-arg]
    """One finding per rule and place: a step function is seen both as an iteration of its own
    and inside the loop calling it, and the two may find the same thing (naming the optimizer
    as each sees it: `self.opt`, `trainer.opt`); the one that carries a fix stays."""
    kept: dict[tuple[str, int], int] = {}
    result = []
    for finding in findings:
        key = (finding.code, id(finding.node))
        at = kept.get(key)
        if at is None:
            kept[key] = len(result)
            result.append(finding)
        elif result[at].fix is None and finding.fix is not None:
            result[at] = finding
    return result


# what a method named without its call leaves undone, and the rule that reports it: GF001 (no
# clear of that optimizer) for `opt.zero_grad`, GF017 (left in eval mode) for `model.train`
_CONSEQUENCES = {"zero_grad": "GF001", "train": "GF017"}


def _without_consequences(findings: list, options: Options) -> list:  # type: ignore[type-arg]
    """The findings to report, less those that only restate a GF026 finding whose fix applies:
    GF001 on a loop whose `opt.zero_grad` of the same optimizer lacks its call, GF017 on a
    loop whose `model.train` of the same module does. Writing the call settles them (the next
    pass of a fix finds nothing); the fixes themselves are chosen from every finding."""
    from gradfix import syntax as ast

    from gradfix.source import dotted

    named: list[tuple[str, str, int]] = []  # (code it settles, receiver, line)
    for finding in findings:
        node = finding.node
        if finding.code == "GF026" and _applies(finding, options) and isinstance(node, ast.Attribute) and node.attr in _CONSEQUENCES:
            key = dotted(node.value)
            if key is not None:
                named.append((_CONSEQUENCES[node.attr], key, node.lineno))
    if not named:
        return findings
    kept = []
    for finding in findings:
        node, loop = finding.node, finding.related[0] if finding.related else None
        if finding.code in ("GF001", "GF017") and isinstance(node, ast.Call) and loop is not None:
            func = node.func
            keys = {dotted(func.value) if isinstance(func, ast.Attribute) else None, *(dotted(a) for a in node.args)}
            first, last = loop.lineno, loop.end_lineno or loop.lineno
            if any(code == finding.code and key in keys and first <= line <= last for code, key, line in named):
                continue
        kept.append(finding)
    return kept


# Deep-learning frameworks other than PyTorch: their optimizers and tapes keep other contracts
# (NVIDIA Warp's `tape.zero()`, optax's pure updates); a file that imports one of them and
# nothing of PyTorch's is not PyTorch code
_OTHER_FRAMEWORKS = frozenset({
    "warp", "warp_nn", "jax", "flax", "optax", "haiku", "tensorflow", "keras", "tf_keras", "paddle",
    "mindspore", "oneflow", "jittor", "mxnet", "tinygrad", "mlx", "chainer",
})  # fmt: skip
_PYTORCH_ROOTS = frozenset({
    "torch", "torchvision", "torchaudio", "torchtext", "lightning", "pytorch_lightning", "lightning_fabric",
    "accelerate", "timm", "deepspeed", "ignite", "apex",
})  # fmt: skip


def _other_framework(model) -> bool:  # type: ignore[no-untyped-def]
    roots = {qualified.split(".", 1)[0] for qualified in model.facts.imports.aliases.values()}
    return bool(roots & _OTHER_FRAMEWORKS) and not roots & _PYTORCH_ROOTS


def _compiles(text: str) -> None:
    """The whole text parses (and its names bind as Python allows): Python's parser and symbol
    table, without generating bytecode (on a 5 MB file, 1.1 s instead of compile's 2.3 s)."""
    import symtable
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            symtable.symtable(text, "<gradfix>", "exec")
        except (SyntaxError, ValueError) as error:
            raise SourceError(f"internal error: the fix would not compile ({error})") from None


def _file_path(path: str) -> str | None:
    """The file a path names, for looking up its project (`nb.ipynb:cell_3` is in nb.ipynb)."""
    if path == STDIN:
        return None
    return path.split(":cell_", 1)[0]


def _applies(finding, options: Options) -> bool:  # type: ignore[no-untyped-def]
    from gradfix.transforms.base import Safety

    fix = finding.fix
    if fix is None:
        return False
    return fix.safety is Safety.SAFE or (fix.safety is Safety.UNSAFE and options.unsafe_fixes)


def _only(source: Source, findings: list, only: tuple, spans: dict | None) -> list:  # type: ignore[type-arg]
    """The finding reported at `only`'s (code, line, column), if any."""
    code, line, column = only[0], only[1], only[2]
    candidates = [f for f in findings if f.code == code]
    if not candidates:
        return []
    if spans is None or any(id(f.node) not in spans for f in candidates):
        spans = _spans(source, [f.node for f in candidates])
    return [f for f in candidates if spans[id(f.node)][0] == (line, column)][:1]


def _rules(select: frozenset[str]) -> list:  # type: ignore[type-arg]
    from gradfix.transforms import ALL_RULES

    return [rule() for rule in ALL_RULES if rule.code in select]


def _spans(source: Source, nodes: list) -> dict:  # type: ignore[type-arg]
    from gradfix.positions import positions_of

    return positions_of(source, nodes)


def _diagnostics(path: str, source: Source, findings: list, options: Options, spans: dict | None = None) -> list[Diagnostic]:  # type: ignore[type-arg]
    if not findings:
        return []
    if spans is None:
        spans = _spans(source, [f.node for f in findings])
    out = []
    for finding in findings:
        (line, column), (end_line, end_column) = spans[id(finding.node)]
        out.append(
            Diagnostic(
                path,
                line,
                column,
                end_line,
                end_column,
                finding.code,
                finding.message,
                _applies(finding, options),
                finding.fix.safety.value if finding.fix is not None else None,
            )
        )
    out.sort(key=lambda d: (d.line, d.column, d.code))
    return out
