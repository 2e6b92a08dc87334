from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.accumulation import Accumulation, _enumerate_start, _function_holding, dispatched_window, _is_reset, forked_accumulations, loop_invariant, switched_off_by_none, told_accumulations, window_is_full
from gradfix.analysis.assignments import assigned_values, assignments
from gradfix.analysis.by_hand import _only_read, averaged_by_hand, handled_by_hand_per_micro_batch, unseen_gradient_handling
from gradfix.analysis.facts import FunctionInfo
from gradfix.analysis.loops import ModuleModel, _derives, _never_built, _stub, _subclasses_of, bound_step_names, bus_handlers, unpacked_closure
from gradfix.analysis.steps import _other_caller_files, project_overrides
from gradfix.analysis.model import EventKind
from gradfix.analysis.names import call_name, dotted, int_value, method_name, receiver
from gradfix.patterns import lazily
from gradfix.source import FOR_LOOPS, LOOPS, TRIES, WITHS, Source
from gradfix.transforms._accumulation import AccumulationRule, scaler_update
from gradfix.transforms._placement import statement_containing
from gradfix.transforms.apply import indented, statement_lines
from gradfix.transforms.base import Finding, Fix, InsertStatements, ReplaceNode, Safety
from gradfix.walk import ast_walk, child_nodes, leaves

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

_GRADIENT_KINDS = (EventKind.STEP, EventKind.CLEAR, EventKind.CLIP, EventKind.UNSCALE, EventKind.SCHEDULER_STEP)
# statements of the step block a flush may leave out without changing what is trained
_BOOKKEEPING_CALLS = {
    "print", "log", "info", "debug", "set_postfix", "set_description", "write",
    "add_scalar", "add_scalars", "log_dict", "append", "refresh",
}  # fmt: skip
# methods of torch's modules a trainer's method may share a name with (`model.train()`)
_MODULE_METHODS = {"train", "eval", "forward", "step", "to", "cuda", "zero_grad", "requires_grad_"}
_FLUSH_WORD = lazily(r"flush|remaining|leftover", re.I)
# a stream's or a writer's flush, not a flush of gradients
_STREAM_FLUSH = lazily(
    r"\b(?:sys\.std(?:out|err)|[\w.]*(?:writer|logger|log|file|stream|summary|board|tb|out|fh|fp)\w*)[ \t]*\.[ \t]*flush[ \t]*\([ \t]*\)"
    r"|\bflush[ \t]*=[ \t]*(?:True|False)\b",
    re.I,
)
_PROGRESS = lazily(r"bar|progress|tqdm|meter", re.I)
FLUSH_COMMENT = "# the last micro-batches did not fill a whole window: step on them too"


class MissingAccumulationFlush(AccumulationRule):
    """
    The micro-batches after the last full accumulation window never reach `step()`.

    ## What it does
    Finds gradient-accumulation loops over a data loader (`if (i + 1) % accum_steps == 0:
    optimizer.step()`) with no step for the micro-batches left over when the number of
    batches is not a multiple of `accum_steps`: no `or (i + 1) == len(loader)` in the
    condition, no step after the loop. An `or` part that steps on the last batch only under a
    test that may fail (`or (len(loader) <= accum_steps and (i + 1) == len(loader))`, for epochs
    shorter than one window) flushes no longer epoch: reported too.

    ## Why is this bad?
    The gradients of the last `len(loader) % accum_steps` batches are computed and then
    dropped (or, in an epoch loop, silently added to the first window of the next epoch,
    which is then too large). Part of the data never trains the model, and the last
    batches of every epoch cost time for nothing.

    ## Example
    ```python
    for i, (x, y) in enumerate(loader):
        (criterion(model(x), y) / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Use instead
    ```python
    i = -1  # the flush after the loop reads it, also when the loop runs no batch
    for i, (x, y) in enumerate(loader):
        (criterion(model(x), y) / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % accum_steps != 0:
        optimizer.step()
        optimizer.zero_grad()
    ```

    ## Fix safety
    The flush goes right after the batch loop (inside an epoch loop, after the inner loop),
    under the negation of the loop's own window test (`if (i + 1) % N != 0:`), preceded by a
    comment line; when the window sits inside a mode test of the whole loop (`if mode ==
    "train":`, see GF005), that test comes first (`if mode == "train" and (i + 1) % N != 0:`);
    so do the other `and` operands of the window's own test when each holds, or not, for the
    whole batch loop (a phase or a flag: it calls nothing and reads no name the loop binds;
    `if (i + 1) % N == 0 and phase == "train":` in a phase loop, `if step % self.accum == 0 and
    self.update_weights:`), flushed by `if phase == "train" and (i + 1) % N != 0:`; a window
    test with any other `and` operand is not reported.
    A counter that only the loop binds (the `enumerate` index, a name bound from it, `done = i
    + 1`, a count drawn with `i = next(counter)`, or a remainder `windows, rest = divmod(i + 1,
    N)` the test reads) is also bound right before the loop, to its value before the first
    micro-batch (`i = -1`, `i = 0` for `enumerate(loader, 1)`, `done = 0`, `rest = 0`), with a
    comment: on a loader with no batch the flush reads it too, and its test does not hold
    there (without it the flush would raise `NameError`, or in an epoch loop read the last
    epoch's count); a remainder bound otherwise gets no fix. A counter bound before the loop
    anyway (`step = 0` ... `step += 1`) is left as it is.
    A counter reset at the step is tested by `if count != 0:` (with such `and` operands too:
    `if count == every and phase == "train": count = 0; ...` is flushed by `if phase ==
    "train" and count != 0:`), a countdown (`left -= 1` ... `if
    left == 0: ...; left = N`, see GF005) by `if left != N:`; a window test with such a
    short-epoch `or` part by its whole negation on one line (`if not ((i + 1) % N == 0 or
    (len(loader) <= N and i + 1 == len(loader))):`), so an epoch that part stepped is not stepped twice. It repeats the statements of the window's `if` body that hold a step, a clear,
    a clip, an unscale or a scheduler step, and the `scaler.update()` calls, in their order --
    the order another fix leaves them in: while a fix of the same run moves one of them or
    inserts beside it or beside a statement nested in it (GF012 puts a scheduler step after the
    optimizer's, GF010 a clip before the step, GF013 an `unscale_` before the clip, also a clip
    under `if cfg.clip:`), the flush waits for the next pass.

    It is safe when every other statement of that body is bookkeeping (an augmented assignment
    such as a counter, `pass`, a logging, printing or `append` call, a progress-bar update, or a
    name bound by arithmetic that only those logging calls read: `denominator = windows * N`
    for `print(running / denominator)`); a clamp of the weights written after the step
    (`model.logit_scale.data = torch.clamp(model.logit_scale.data, 0, 4.6052)`, `p.data.clamp_(-c, c)`
    in a `for p in critic.parameters():`, under `torch.no_grad()` or an `if`, reading no name
    the loop binds) is copied into the flush after its step, as the hand fix does, and
    unsafe (applied only with `--unsafe-fixes`) when the body also holds other statements, which
    the flush leaves out (`ema.update(model)`); a count the window's step divides the
    gradients by and sets back to a number after it (`scale_grads(model, 1 / num_tokens)` ...
    `num_tokens = 0`, a recipe normalising by the tokens of the whole window) is set back in
    the flush too, so the next epoch's first window is not divided by the tail's tokens as
    well. No fix when a statement the flush would leave out scales or otherwise handles the
    gradients before the window's step (`scale_grads(model, 1 / num_tokens)` written beside the
    step, a helper of the module that writes `.grad`, a call handed the parameters): the flush
    would step on gradients the window never steps on (a block that only logs `.grad` is left
    out, as any logging). No fix when a gradient statement sits under the
    same window test in another `if` of the loop (`if boundary: clip_grad_norm_(...)`, then `if
    boundary: optimizer.step()`): a copy of the stepping block alone would leave it out.
    A window written in a method of the loop's own class that the loop calls once per
    micro-batch (`loss = self.train_step(x, y, i)`, its one call in the file) is flushed after
    the loop too, unsafe (a subclass elsewhere may override the method): when every statement
    of its body is a gradient call on attributes of `self` or names of the module, and the
    window test reads the method's parameters only where the call passes one of the loop's
    variables for them (`(i + 1) % WIN != 0` after `for i, (x, y) in enumerate(data)`).
    The method's parameter may be named otherwise than the loop's variable (`def train_step(self,
    batch, it)` called as `self.train_step(batch, i)`, or `micro=n` by keyword): the window
    counts the loop's index when the call hands the name as it is and the method never binds the
    parameter again; the flush reads the loop's name.
    A window counted on the trainer in the methods the loop calls (`self.n_iter += 1` at the top
    level of the window's method, before its test, or in a method called there: the DistilBERT
    distiller's `self.iter()`), each call of the chain a statement of its caller, is read when
    every other binding of the count in the class is one literal, in `__init__` and in a method
    called once, after the batch loop on each pass of the loop around it (`self.end_epoch()`):
    the flush goes after the batch loop, before that call (one call from the loop; through two,
    reported without a fix). A counter kept on the instance in the loop's own method and reset
    in the window (`self.micro = 0` before the loop, `self.micro += 1`, `if self.micro >=
    self.accum: ...; self.micro = 0`) is read as a local one when no other method of the class
    but `__init__` binds it (and the class sets no attribute by name): the flush tests
    `self.micro != 0`.

    A finding is made for a recognised accumulation loop (see GF005) that is a `for` loop
    (with an `else` only when the `else` does not step: `else: print("epoch done")`), over data (not `range(n)`, nor an endless stream cut at a number of steps,
    `itertools.islice(itertools.cycle(loader), max_steps)`; `range(len(x))` counts as data, and so do `range(len(x) // bs)`,
    `range(math.ceil(len(x) / bs))` and `range(0, len(x), bs)`, and a resumed pass,
    `range(start, len(x))` with `start = ckpt["step"] if epoch == ckpt["epoch"] else 0`: a
    conditional whose other arm is a subscript or an attribute, read as a fresh run from its
    literal, the index counting the data's own positions), whose window test
    has no `or` part (a last-batch test) and no `and` part (a part that only holds when N is 1,
    `or N == 1`, is none), whose counter is the loop's
    `enumerate` index (also when an evaluation loop after the window's test rebinds it, `for step,
    b in enumerate(val_loader):`, reported without a fix: after the loop a flush's test would read
    that loop's index; or a name the body binds once, before the test, to that index plus a
    literal, `seen = i + 1`, which reads like the index) or a variable set to a literal for this loop (a counter that carries over
    from an earlier loop is not one, nor one that counts samples or tokens: `seen += x.size(0)`,
    anything added but 1, or a backward that runs only on some of its ticks (`if seen % 8 ==
    0:` around it, see GF005); one set to a literal before the epoch loop and set back to that
    literal after the batch loop, at the top level of the epoch loop's body, as the only binding
    there after the batch loop and with no `continue`, `break`, `return` or `raise` of the epoch
    before it, is set for each pass: the flush goes before the reset; one set to a literal
    before the loop of passes and bound nowhere else in its function but by its increment, `it
    = 0` ... `it += 1` never reset (or, set to 0, reset to 0 only by the window's own arm: `if
    micro == N: ...; micro = 0`), counts windows that run across the passes: the only tail is
    left after the last pass, and the flush goes after the loop of passes, when nothing of that
    loop outside the batch loop clears, steps or backpropagates, and without a fix when that
    loop has a `break` of its own), and whose first window's size is known. A `while` loop
    over the batches of an iterator until it runs out counts as such a `for` loop: `while True:`
    whose body starts with `try: x, y = next(it)` / `except StopIteration: break`, or with
    `batch = next(it, None)` / `if batch is None: break` (its counter incremented after that, and
    another `break` of its own only when the iterator is `iter(...)` of data that runs out, bound so at
    each of its bindings: `if updates >= budget: break` ends that pass early, as it would a `for`
    loop's, while `itertools.cycle` ending at a count is not a pass), `while batch is not None:` whose body ends with
    `batch = next(it, None)`, `while (batch := next(it, None)) is not None:`, or `while i < len(data):`
    (or a number of batches of it, as for `range`) whose body moves `i` on once (`i += 1`, `i += bs`)
    and binds it nowhere else (`while step < max_steps:` counts steps, not data, and is not one),
    or `while todo:` whose body starts by taking an item off `todo` (`x, y = todo.popleft()`,
    `todo.pop()`, `todo.pop(0)`: a `collections.deque` or a list of the batches) and names
    `todo` nowhere else, with no `break` or `continue` (it runs until the queue is empty;
    reported without a fix when the counter moves after the window's test).

    Not reported for a loop over `itertools.count(start)` whose end is `if step == K: break`
    after the window's `if`, when the window's test fires at K (the last micro-batch steps);
    nor for a loop over a stream that never runs out (`itertools.cycle`, `itertools.count`, a
    generator function of the module ending in `while True:` with no `break` or `return`, a
    dataset built with `infinite=True` and a `DataLoader` over it, followed through names, tuples,
    `.shuffle(...)`, a `prepare(...)` and the tuples a function of the module returns) whose only
    ways out are a `break` in the stepping arm after its step, or `if <test>: break` after the
    window's `if` whose test reads a count only that arm changes (`completed_steps += 1`; `if
    completed_steps >= args.max_train_steps: break`): it leaves right after a step;
    nor when, before the loop, its function asserts that the data comes in whole windows
    (`assert len(loader) % accum_steps == 0`, or `assert not len(loader) % accum_steps`, the
    loader and the count written as the loop and its window test write them);
    nor, when the first window is full, for a loop with no `break` of its own over its data cut
    to whole windows, the loop's index counting it: `enumerate(X[: len(X) // N * N])`, also `X[0:E]`
    with `E` that product, `N * (len(X) // N)` or `len(X) - len(X) % N`, written in the slice or
    bound once in the loop's function, X and N written as the loop and its window test write
    them;
    nor, when the first window is full, for a loop over a `DataLoader` whose `batch_sampler=` is
    built with a product by N among its arguments (`CategoriesSampler(labels, episodes * N, way,
    shot)`, the episodes of few-shot training, N tasks per step): its batches come in whole
    windows. (A `sampler=`, batched by the loader, does not count.)

    It is reported without a fix while the first window is not full (GF015), when the loop can
    end by a `break` of its own before the end of the window's `if` (`if i >= max_iters: break`
    first leaves the counter one past the last micro-batch), or by one after it that may come
    mid-window (an early stop, a time budget, a count of micro-batches, `if update == max_steps:
    break` with `update = i // N` bound before the step, first true on the first micro-batch of
    the next window, also nested in another `if`, in a `while` loop): the author chose to leave
    a part window there, and whether its gradients should step (one update more than a count of
    updates allows) or be dropped is not known. A `break` after the window's `if`, last in the
    body of an `if` whose test reads a count the loop changes only in the stepping arm (`if
    args.max_steps > 0 and global_step > args.max_steps: bar.close(); break`, attributes a call
    of the loop may reach read as constant), or the windows done, `(i + 1) // N == K`, with the
    window's own dividend, leaves right after a step: the flush stays (a `return` out of the loop
    never reaches the flush), unless a loop around the batch loop runs it again without resetting
    that count (`updates = 0`, a statement of its body) and without leaving on the same test right
    after it (`if updates >= budget: break`): each later pass would break after one micro-batch
    with no step, and the flush would step it. Also while the counter is incremented
    after the test, while the iteration has no clear (GF001 adds one) or clears
    on every micro-batch (GF011 moves it), when the `if` body shares the `if`'s line, when a
    statement to copy shares its line with another, when the test is not `==` (or `not`) and
    cannot be negated as written, when no stepping statement would be copied, or when the loop
    runs micro-batches under DDP's `no_sync()` or Fabric's `no_backward_sync()` (the tail's
    gradients were never all-reduced: a flush step would make each process step on its own
    gradients).

    The rule is silent when a statement after the loop, at any level of its function (or in the
    `else:` or `finally:` of a `try` around it), steps or flushes: its text holds `step(` or says `flush`, `remaining` or `leftover`, or it calls a
    function or method of the module (`self.end_epoch()`, `trainer.end_epoch()`) or a function
    imported from another module of the project (`finish(opt)`, `E.finish(opt)` after `import
    engine as E`), or a function a factory of the module returns in a tuple (`finish(k)` of
    `step, finish = make_steps(model, opt)`), whose body calls a step (not the loop's own function: calling it
    again runs the loop again, for the next epoch or an evaluation pass), also a hook of `self`
    its class writes as a stub (`def on_epoch_end(self): pass`) that every subclass, of the
    module or of another module of the project, overrides with a step, when the module never
    builds the class itself (only some of them: reported without a fix, since a flush after the
    loop would step the others' leftover twice); when the loop is a top-level statement
    of a function that a statement of the module, or of another module of the project that
    imports it, calls and then, in the same block, steps or flushes after it
    (`train_epoch(...); optimizer.step()`, `trainer.train_epoch(loader); trainer.end_epoch()`;
    also a later link of a chain of the class's methods that each return `self`,
    `self.begin(epoch).batches().end(epoch)`, the loop in `batches`, the flush in `end`);
    and when the iteration handles
    gradients by hand (see GF005): the window's gradients are not simply what the backward passes
    accumulated, and a plain step would apply others. A window that only averages its sum in
    place before the step (`for p in model.parameters(): p.grad /= N`, `p.grad.div_(N)`, in the
    window's `if`) is reported without a fix: the tail is still dropped, but a copy of the
    stepping statements would step it undivided.

    A statement after the loop whose only `step(` is a learning-rate scheduler's
    (`scheduler.step()`, also inside a function of the module or a helper it calls:
    `plateau_step(scheduler, val)`) or an `epoch_step(...)`, `..._epoch_step(...)` (an early
    stopper, a checkpoint saver, a monitor) is not a flush; nor is a comment or a string saying
    `.step(` in a helper; nor an `if` right after the loop whose test is written as the window's
    own (`if not left: optimizer.step()` after a countdown the window resets, `if (i + 1) % N ==
    0:` after an `enumerate` window): it holds there only when the last window was whole, so it
    never steps on the tail. The flush goes right after the loop and that `if` stays as written.
    The flush repeats the window's update counter (`num_updates += 1`, a count the learning rate
    may be read from); it is unsafe when it repeats the step of a `OneCycleLR`, which raises when
    stepped past a horizon counted in whole windows, and not offered when that horizon is written
    rounded down (`total_steps=epochs * (len(loader) // accum)`, `int(...)`, also through a name
    bound to it): the flushed run would raise for certain. A ceiling idiom counts the shorter
    last window too and keeps the (unsafe) flush: `math.ceil(len(loader) / accum)`,
    `-(-len(loader) // accum)`, `(len(loader) + accum - 1) // accum`, `int(math.ceil(...))`.

    A `for` loop that may skip a batch with a `continue` written before the window's test (`if
    not torch.isfinite(y).all(): continue`) is reported without a fix when the window counts the
    batches it skips too (the `enumerate` index, or a count advanced before that `continue` or
    after the backward): a flush testing that count after the loop reads the last batch's index,
    not the last backward's, so it would not run when a skipped last batch closes a window while
    micro-batches still wait (and would step a window whose every batch was skipped). A count
    advanced after every such `continue` and before the backward (`taken += 1`) counts the
    backwards, and is flushed as usual (`if taken % N != 0:`); so is a resume's skip of the first
    batches (`if left > 0: left -= 1; continue`, `if i < start: continue`), the last batch runs.

    A window written as a guard that ends the other micro-batches early (`if (i + 1) % N != 0:
    continue`, or a step function's `return` before its step) is reported without a fix (it has no
    block of its own to copy); so is a window whose test switches accumulation off through N
    itself (`N is None or (i + 1) % N == 0`, `not N or ...`, or an `elif` window beside such an
    arm: see GF005), since a flush testing `% N` after the loop would raise when N is None. A window written as a `match` statement (`match (i + 1) % N:` /
    `case 0:`, see GF005) is flushed by the subject and the arm's literal (`if (i + 1) % N !=
    0:`) when the subject calls nothing, sits on one line and no other arm has that literal
    (else reported without a fix); or-patterns (`case 0 | 2:`) and guards (`case 0 if warm:`)
    are not read as windows. Not
    read: a window in a subclass's method whose batch loop is
    in a base class of another module (the window and the loop would be read in two files).

    A window written twice, once in each arm of an `if` that holds for the whole loop (`if
    self.use_amp:` with the scaled backward and `if (i + 1) % N == 0: scaler.step(opt) ...`,
    `else:` with the plain backward and the same window test stepping `opt`), is read arm by arm
    as above, and reported once, at the first arm's step, when both arms would be: the flush holds
    each arm's window under its arm's test (`if self.use_amp and (i + 1) % N != 0:` ... `if not
    self.use_amp and (i + 1) % N != 0:` ...), when both arms' flushes can be written; else no fix.

    timm's loss scaler told when to step (`loss_scaler(loss, opt, need_update=(i + 1) % N == 0)`,
    or `need_update=flag` with `flag = (i + 1) % N == 0` bound before the call; the call
    backpropagates every micro-batch and steps only when told) is judged as such a window, since
    a flush after the loop would have to be another scaler call, the fix makes the flag true on
    the last batch too (`flag = (i + 1) % N == 0 or i + 1 == len(loader)`), only when the loop is
    `for i, ... in enumerate(loader)` from 0 and every clear of the window sits right under `if
    flag:`. The window written in the keyword itself, `need_update=(i + 1) % N == 0`, with each
    clear right under an `if` of the same test written again, is fixed by adding the last batch
    to both tests alike (`... or i + 1 == len(loader)`); not reported when the loop's function is
    handed the data (`def fit(net, batches, ...)`: whole windows are the caller's to give there).
    With a `continue` before the window that may skip the last batch (as above), reported
    without the fix: `i + 1 == len(loader)` would not hold on a batch that reaches the scaler.

    A window tested in a `functools.singledispatch` implementation on the batch index its event
    carries (read as GF015 reads it: `yield Batch(epoch, i, x, y)` in `for i, (x, y) in
    enumerate(loader):` of a generator, dispatched by `for ev in events(loader): handle(ev,
    st)`) is reported without a fix when nothing steps where the batches end: no other
    implementation of the dispatcher (an epoch's end handler), nor the dispatcher's own body,
    nor the generator, nor a statement after a loop dispatching its events calls a step; the
    generator's data neither a display, a comprehension nor a call (`range(8)`), and its loop
    has no `break`. Where the flush goes (the end handler, after the dispatching loop) is the
    author's choice.

    Silent, for any window, when the loop runs over data whose length the code fixes and N
    divides, and no `break`, `continue` or `return` of the loop can cut a pass: every window is
    whole. The data is `enumerate(X)` (any start) or `X` with a counter of its own, `X` a list or
    tuple display, a list comprehension over `range(K)` with no `if`, a one-item list repeated
    K times (`[None] * K`), or a name bound once to one of these and never changed but item by
    item (only iterated, measured with `len`, shuffled, or stored into by an index that is no
    slice: `pool[j % N] = batch`); K an integer (`data = [... for _ in range(6)]` with `ACCUM =
    2`) or a product with N as a factor (`range(4 * accum_steps)`). A list repeated by N itself
    (`pool = [None] * window`, the window's `if` on every micro-batch) holds one whole window:
    N a parameter or a name its function binds once, read by the window's test in that
    function; or a replay buffer of the instance (`self.buffer = [None] *
    self.args.accum_steps`, bound once, in `__init__`, changed only item by item anywhere in
    the module, no `setattr`) replayed by `for k, b in enumerate(self.buffer):
    self.micro_step(b, k)` whose method tests the same `self.` chain on every call (its `if`
    at the top level of the method, which returns only at its end), the chain's first
    attribute bound only in `__init__` and its later ones never bound in the module. A loader,
    or data whose length is not written, is reported as before even when its length happens
    to be a multiple of N.
    """

    code = "GF006"
    name = "missing-accumulation-flush"
    message = "the micro-batches after the last multiple of `{n}` never reach `{opt}.step()`: flush them after the loop"
    safety = Safety.SAFE

    told_message = (
        "the micro-batches after the last multiple of `{n}` never reach `{opt}.step()`: the scaler is never told to"
        " step on them; make `need_update=` true on the last batch too"
    )

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        yield from super().check(model)
        for acc in told_accumulations(model):
            yield from self._told(acc, model)
        if "%" not in model.source.text:
            return  # no window test (the forked windows are read only where one may be)
        for first, second in forked_accumulations(model):
            found = self.check_accumulation(first, model)
            other = self.check_accumulation(second, model) if found is not None else None
            if found is None or other is None:
                continue
            fix = None
            if found.fix is not None and other.fix is not None:
                # one flush after the loop: each arm's window, under its arm's test
                # (and the counter's binding before the loop, once: both arms read the loop's own)
                *before, one = found.fix.edits
                *_, two = other.fix.edits
                assert isinstance(one, InsertStatements) and isinstance(two, InsertStatements)
                safety = Safety.SAFE if found.fix.safety is other.fix.safety is Safety.SAFE else Safety.UNSAFE
                edits = [*before, *(e for e in other.fix.edits[:-1] if not any(e.lines == b.lines for b in before))]  # type: ignore[union-attr]
                fix = Fix([*edits, InsertStatements(one.anchor, "after", (*one.lines, *two.lines[2:]))], safety, copies=(*found.fix.copies, *other.fix.copies))
            yield Finding(found.code, found.message, found.node, fix=fix, related=found.related)

    def _told(self, acc: Accumulation, model: ModuleModel) -> Iterator[Finding]:
        """timm's `loss_scaler(loss, opt, need_update=(i + 1) % N == 0)` (the keyword's test or
        a flag's it names): judged like any window (`check_accumulation`), but a flush after the
        loop would have to be another scaler call; the fix instead adds the last batch to the
        window's test, `flag = (i + 1) % N == 0 or i + 1 == len(loader)`, only for the flag form
        whose every clear sits under `if flag:` (it then clears after the tail's step too), the
        counter an `enumerate(loader)` from 0 (tests/behaviour/test_timm_scaler_told_window_flush.py).
        The keyword form (its clear under its own copy of the test) gets both tests rewritten
        alike, and is not reported over data the loop's function is handed. Reported without
        the fix when a `continue` before the window may skip the last batch
        (`_skips_before_the_window`). Silent
        when the loop enumerates a list of a known length that N divides (`data = [... for _ in
        range(6)]`, `ACCUM = 2`): every window is whole, there is no tail."""
        if _whole_windows_of_a_known_list(acc, model):
            return
        if not isinstance(acc.periodic.holder, ast.Assign) and _handed_in(acc, model):
            return  # the keyword form over data the loop's function is handed: judged the caller's (clean/timm_scaler_window_in_the_keyword)
        found = self.check_accumulation(acc, model)
        if found is not None and found.fix is not None:  # (reported only where the fix applies)
            found.message = self.told_message.format(n=model.source.code(acc.periodic.n), opt=sorted(acc.targets)[0])
            if _skips_before_the_window(acc):
                # a `continue` that may skip the last batch: `i + 1 == len(loader)` would not
                # hold on a batch that reaches the scaler (the tail is still never stepped)
                found.fix = None
            yield found

    def check_accumulation(self, acc: Accumulation, model: ModuleModel) -> Finding | None:
        loop = acc.loop.node
        periodic = acc.periodic
        if (periodic.tail and not periodic.partial_tail) or not acc.by_one:
            return None  # (`seen += x.size(0)` ... `if seen % 16 == 0:`: no count of micro-batches)
        if periodic.conjunct and (periodic.partial_tail or _invariant_conjuncts(acc, model) is None):
            return None
        if loop.__class__ is ast.FunctionDef:
            return self._dispatched(acc, model)  # a window in a singledispatch implementation
        drained = None
        if isinstance(loop, ast.While):
            # `while True: try: batch = next(it) except StopIteration: break`: one pass over the data
            drained = _drains_an_iterator(loop)
            if drained is None or not _counted_after(acc, drained):
                return None
            if _leaves_otherwise(loop, drained) and not _drains_finite_data(loop, acc, model):
                return None  # (`if step == 40: break` over `itertools.cycle(loader)`: no pass over the data)
        elif not isinstance(loop, FOR_LOOPS):
            return None
        if loop.orelse and _any_steps(loop.orelse, model, acc.loop.function):
            return None  # `for ... else: optimizer.step()`: the `else` flushes
        if drained is None and not _loader_like(loop.iter):  # type: ignore[union-attr]
            return None
        if drained is None and _endless_cut_at_a_count(loop.iter, acc, model):  # type: ignore[union-attr]
            return None
        counter = acc.counter
        across: ast.For | ast.AsyncFor | ast.While | None = None  # the loop of passes a counter never reset runs across
        if counter.outer:
            return None  # the index of the loop around: the accumulation loop's tail is not the data's
        if counter.kind == "enumerate":
            pass
        elif counter.kind == "variable" and counter.per_loop and counter.first is not None:
            pass
        elif counter.kind == "variable" and counter.first is not None and drained is None:
            across = _across_passes_loop(acc, model)
            if across is None:
                return None
        else:
            return None
        full = window_is_full(acc)
        if full is None:
            return None
        if full and drained is None and _whole_windows_of_episodes(loop.iter, acc, model):  # type: ignore[union-attr]
            return None  # `batch_sampler=CategoriesSampler(labels, episodes * N, ...)`: no tail
        if full and drained is None and not acc.told and _whole_windows_of_a_known_list(acc, model):
            return None  # `data = [... for _ in range(6)]` with N = 2 and no `break`: no tail
        if full and drained is None and _cut_to_whole_windows(acc, loop, model):  # type: ignore[arg-type]
            return None  # `for i, b in enumerate(data[: len(data) // N * N]):` and no `break`: no tail
        if drained is None and _ends_at_a_window_boundary(acc, loop, model):  # type: ignore[arg-type]
            return None  # `for step in itertools.count(1):` ... `if step == 24: break` with N = 4: no tail
        if drained is None and _ends_after_an_update(acc, loop, model):  # type: ignore[arg-type]
            return None  # an endless stream left by `if updates >= max_updates: break`: no tail
        undecided: list[ast.stmt] = []  # statements after the loop that some subclasses' hooks make a flush
        if _steps_after(acc, loop if across is None else across, model, undecided):
            return None
        if drained is None and _asserted_whole_windows(acc, loop, model):  # type: ignore[arg-type]
            return None  # `assert len(loader) % accum_steps == 0` before the loop: no tail
        if handled_by_hand_per_micro_batch(acc, model, averaged=False):
            return None  # the window's gradients are kept by hand: a plain flush would step others
        target = sorted(acc.targets)[0]
        fix = None
        if (
            not averaged_by_hand(acc, model)  # `p.grad /= N` in the window: the tail is still dropped, reported without a fix
            and full and not (counter.kind == "variable" and not counter.before_test) and not counter.rebound
            and self._ready(acc) and not _breaks(acc, loop, model, drained) and not undecided
            and (across is None or not (_own_breaks(across.body) or acc.guards or periodic.conjunct))
        ):  # (an index an evaluation loop rebinds: after the loop, a flush's test would read that loop's)
            fix = self._fix(acc, model, across) if not acc.told else _told_tail(acc, model)
        if fix is not None and switched_off_by_none(periodic, model.source):
            fix = None  # `N is None or ...`: the flush's `% N` would raise when N is None
        return Finding(
            self.code,
            self.message.format(n=model.source.code(periodic.n), opt=target),
            acc.steps[0].anchor,
            fix=fix,
            related=(loop,),
        )

    def _dispatched(self, acc: Accumulation, model: ModuleModel) -> Finding | None:
        """A window tested in a singledispatch implementation on the batch index an event
        carries (`_dispatched_batch_index`: `yield Batch(epoch, i, x, y)` in `for i, (x, y) in
        enumerate(loader):`), reported without a fix when nothing else steps where the batches
        end: no other implementation of the dispatcher (the epoch's `End` handler), nor the
        dispatcher's own body, nor the generator, nor a statement after a loop dispatching its
        events, calls a step; the generator's loop over data that is no list or range of a
        length of its own, with no `break`."""
        where = dispatched_window(acc, model)
        if where is None or acc.counter.kind != "enumerate" or acc.periodic.conjunct:
            return None
        full = window_is_full(acc)
        if full is None:
            return None
        iterable = where.batches.iter
        data = iterable.args[0] if isinstance(iterable, ast.Call) and iterable.args else None
        if data is None or not _loader_like(iterable) or isinstance(data, (ast.List, ast.Tuple, ast.ListComp, ast.Call)) or _own_breaks(where.batches.body):
            return None  # data of a length the code writes (whole windows maybe), or a pass cut short
        source = model.source
        later: list[ast.stmt] = [s for f in where.functions if f is not acc.loop.node for s in f.body]
        later += where.generator.body
        for loop in where.loops:
            function = _function_holding(loop, source)
            block = function.body if function is not None else source.tree.body
            position = next((k for k, s in enumerate(block) if s is loop), None)
            if position is None:
                return None  # a dispatching loop nested in another statement: not read
            later += [s for s in block[position + 1 :] if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        if _any_steps(later, model, None) or handled_by_hand_per_micro_batch(acc, model):
            return None
        return Finding(
            self.code,
            self.dispatched_message.format(n=source.code(acc.periodic.n), opt=sorted(acc.targets)[0]),
            acc.steps[0].anchor,
            related=(where.batches,),
        )

    dispatched_message = (
        "the micro-batches after the last multiple of `{n}` never reach `{opt}.step()`: no handler steps on them"
        " when the batches end (flush them in the epoch's end handler)"
    )

    def _ready(self, acc: Accumulation) -> bool:
        loop = acc.loop.node
        if not acc.clears:
            return False  # GF001 adds the clear first, then the flush copies it
        for clear in acc.clears:
            if not clear.branches_within(loop):
                return False  # GF011 moves the clear first
        return True

    def _fix(self, acc: Accumulation, model: ModuleModel, across: ast.stmt | None = None) -> Fix | None:
        if acc.split or acc.guarded:
            return None  # the window's backward is written in its arm too: no statement to copy
        source = model.source
        if any(word in source.segment(acc.loop.node) for word in ("no_sync", "require_backward_grad_sync", "no_backward_sync")):
            # DDP's `no_sync()` on the window's other micro-batches: the tail's gradients were
            # never all-reduced, and a flush step would make each process step on its own
            return None
        if acc.steps[0].via and not any(stmt is acc.node for stmt in acc.steps[0].path):
            return _flush_of_own_method_window(acc, model)  # the window itself in the method the loop calls
        body = acc.node.body
        if source.inline_block(body):
            return None
        gradient_statements: set[int] = set()
        window_test = source.code(acc.node.test) if isinstance(acc.node, ast.If) else None
        # (the arms the window is read in: an event of the other arm of a fork is not the window's)
        arms = {(id(b.node), b.kind) for b in acc.steps[0].branches_within(acc.loop.node)[: acc.guards]}
        for event in acc.loop.events:
            if any(id(b.node) in {a for a, _ in arms} and (id(b.node), b.kind) not in arms for b in event.branches):
                continue
            if event.kind in _GRADIENT_KINDS:
                gradient_statements.update(id(s) for s in event.path)
                if not any(s is acc.node for s in event.path) and any(
                    b.test is not None and source.code(b.test) == window_test for b in event.branches_within(acc.loop.node)
                ):
                    # `if boundary: clip_grad_norm_(...)` beside the window's own `if boundary:`
                    # that steps: a flush copying the window's body would step the tail unclipped
                    return None
        kept: list[ast.stmt] = []
        safe = True
        stepping = {id(s) for step in acc.steps for s in step.path}
        # (a `.grad` written or handed on, `p.grad.mul_(1 / n)`; not one only logged, `add_scalar(p.grad.mean())`)
        grad_statements = {
            id(s) for e in acc.loop.events if e.kind is EventKind.GRAD_READ and not _only_read(e, model) for s in e.path
        }
        schedules = {
            id(s) for e in acc.loop.events if e.kind is EventKind.SCHEDULER_STEP and _raises_past_horizon(e.target, model) for s in e.path
        }
        for stmt in body:
            if id(stmt) in gradient_statements or scaler_update(stmt, model):
                kept.append(stmt)
                if id(stmt) in schedules:
                    # one more scheduler step per epoch than the windows: a OneCycleLR whose
                    # horizon counts whole windows (`epochs * (len(loader) // accum)`) raises
                    safe = False
                    if _counts_whole_windows(stmt, acc, model):
                        return None  # written so: the flushed epochs would raise for certain
            elif kept and _resets_a_name_the_step_read(stmt, kept):
                # `num_tokens = 0` after a step that divided by it: the flush is a window's end
                # too, and without the reset the next epoch's first window would be divided by
                # the tail's count as well (the reset is still not bookkeeping: unsafe as before)
                kept.append(stmt)
                safe = False
            elif _counts_updates(stmt) and not _resets_counter(stmt, acc):
                kept.append(stmt)  # `num_updates += 1`: the flush is an update too (it may drive the rate)
            elif any(id(s) in stepping for s in kept) and _projects_parameters(stmt, acc.loop.node):
                # `model.logit_scale.data.clamp_(0, 4.6052)` after the step (CLIP's temperature, a
                # WGAN critic's weight clipping): the hand fix projects the flushed step's weights too
                kept.append(stmt)
            elif not _bookkeeping(stmt) and not _resets_counter(stmt, acc) and not _logged_name(stmt, body, acc, model):
                if not any(id(s) in stepping for s in kept) and (
                    id(stmt) in grad_statements
                    or (isinstance(stmt, (ast.Expr, ast.Assign)) and unseen_gradient_handling([stmt], acc.loop, model) is not None)
                ):
                    # `scale_grads(model, 1 / num_tokens)` before the window's step: a flush
                    # without it would step on gradients the window never steps on (a block of
                    # logging that reads `.grad` is left out as before)
                    return None
                safe = False
        if not any(id(s) in stepping for s in kept):
            return None
        if any(leaves(s) for s in kept):
            # `if not torch.isfinite(norm): optimizer.zero_grad(); continue` in the window: a
            # copy after the loop would hold a `continue` outside it (a SyntaxError)
            return None
        if any(not source.alone_on_lines(s) for s in kept):
            return None
        matches: tuple[ast.AST, ...] = ()
        if acc.periodic.countdown is not None:
            # `left -= 1` ... `left = N`: below N while micro-batches wait for a step
            guard: str | None = f"{acc.periodic.counter} != {source.outer_segment(acc.periodic.n)}"
            if "\n" in guard:
                return None
        elif acc.periodic.reset:
            guard = f"{acc.periodic.counter} != 0"  # the micro-batches since the last reset
        elif acc.periodic.partial_tail:
            # `(i + 1) % N == 0 or (len(loader) <= N and ...)`: the micro-batches after the
            # last step are left when the whole test failed on the last batch
            test = acc.node.test if isinstance(acc.node, ast.If) and acc.periodic.holder is acc.node else None
            guard = None if test is None else f"not ({ast.unparse(test)})"
        elif acc.periodic.negated:
            guard = source.outer_segment(acc.periodic.comparison)
        elif getattr(acc.periodic.comparison, "synthetic", False):
            # `match (i + 1) % N:` / `case 0:` (read as `if (i + 1) % N == 0:`): the flush's test
            # is written from the subject and the arm's literal
            match = _match_of_arm(acc, source)
            guard = None if match is None else _negated_arm(acc.periodic.comparison, match, source)
            matches = () if match is None else (match,)
        else:
            guard = _negate(acc.periodic.comparison, source)
        if guard is None:
            return None
        if _skips_before_the_window(acc):
            return None
        if acc.periodic.conjunct:
            # `if (i + 1) % N == 0 and phase == "train":`: the flush steps only when the other
            # operands held (they read no name the loop binds and call nothing)
            conjuncts = _invariant_conjuncts(acc, model)
            if conjuncts is None:
                return None
            guard = " and ".join([*conjuncts, guard])
        if acc.guards:
            # `if mode == "train":` around the window: the flush steps only when it held (it
            # reads no name the loop binds and calls nothing: after the loop it is what it was)
            # (the `else` arm of a fork, `if use_amp: <window> else: <window>`: its test negated)
            branches = [b for b in acc.steps[0].branches_within(acc.loop.node)[: acc.guards] if b.test is not None]
            texts = [
                source.outer_segment(b.test) if source.parenthesized(b.test) or not isinstance(b.test, (ast.BoolOp, ast.IfExp))
                else f"({source.code(b.test)})"
                for b in branches
            ]
            texts = [f"not {t}" if b.kind == "else" else t for b, t in zip(branches, texts)]
            if len(texts) != acc.guards or any("\n" in t for t in texts):
                return None
            guard = " and ".join([*texts, guard])
        unit = source.unit_at(acc.loop.node if across is None else across)  # the step of the block it goes into
        lines: list[tuple[str, bool]] = [("", False), (FLUSH_COMMENT, True), (f"if {guard}:", True)]
        for stmt in kept:
            lines += indented(statement_lines(source, stmt), unit)
        edits: list[InsertStatements] = []
        bound = _bound_before(acc)
        if bound is False:
            return None
        if bound is not None:
            edits.append(bound)  # type: ignore[arg-type]
        edits.append(InsertStatements(acc.loop.node if across is None else across, "after", tuple(lines)))
        fix = Fix(edits, Safety.SAFE if safe else Safety.UNSAFE, copies=tuple(kept))  # type: ignore[arg-type]
        fix.match_subjects = matches
        return fix


def _match_of_arm(acc: Accumulation, source: Source) -> ast.AST | None:
    """The `match` statement whose `if` chain (gradfix/match_arms.py) holds the window's arm."""
    for chain, match in getattr(source.tree, "match_arms", ()):
        link: ast.AST | None = chain
        while isinstance(link, ast.If):
            if link is acc.node:
                return match
            link = link.orelse[0] if len(link.orelse) == 1 and getattr(link.orelse[0], "synthetic", False) else None
    return None


def _negated_arm(comparison: ast.Compare, match: ast.AST, source: Source) -> str | None:
    """`(i + 1) % N != 0` for the arm `case 0:` of `match (i + 1) % N:`: the subject (read
    once more after the loop: no call, `await`, `yield` or walrus in it, on one line) and the
    literal, which no earlier arm matches (the arm runs exactly when the subject equals it)."""
    subject = match.subject  # type: ignore[attr-defined]
    if any(isinstance(n, (ast.Call, ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr)) for n in ast_walk(subject)):
        return None
    value = comparison.comparators[0]
    literals = [source.segment(case.pattern) for case in match.cases]  # type: ignore[attr-defined]
    text = source.segment(value)
    if literals.count(text) != 1:
        return None
    left = source.outer_segment(subject)
    if "\n" in left or "\n" in text:
        return None
    if isinstance(subject, (ast.Compare, ast.BoolOp, ast.IfExp, ast.Lambda, ast.NamedExpr)) and not source.parenthesized(subject):
        left = f"({left})"
    return f"{left} != {text}"


EMPTY_LOOP_COMMENT = "# the flush after the loop reads it, also when the loop runs no batch"


def _bound_before(acc: Accumulation) -> InsertStatements | None | bool:
    """The flush reads the window's counter after the loop; when only the loop binds it (the
    `enumerate` index, `done = i + 1`, `i = next(counter)`), a loop over an empty loader leaves
    it unbound (or, in an epoch loop, holding the last epoch's value) and the flush would raise
    (or step again). The counter bound before the loop to its value before the first
    micro-batch (`i = -1` for `enumerate(loader)`), at which the window's test holds (it counts
    whole windows) and the flush's does not. None when the counter is bound before the loop
    anyway (`step = 0`), False when it cannot be written."""
    counter = acc.counter
    name = acc.periodic.counter
    increment = counter.increment
    loop = acc.loop.node
    bound = {n.id for n in ast_walk(loop.target) if isinstance(n, ast.Name)} if isinstance(loop, FOR_LOOPS) else set()
    bound |= {n.id for stmt in loop.body for n in ast_walk(stmt) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    others = {n.id for n in ast_walk(acc.periodic.comparison) if isinstance(n, ast.Name) and n.id in bound and n.id != name}
    if others:
        # `windows, rest = divmod(step + 1, N)` ... `if rest == 0:`: the flush reads `rest`,
        # which only the loop binds: 0 before the first micro-batch (a count of whole windows)
        remainder = _divmod_remainder(loop, others, name)
        return False if remainder is None else _binding_before(loop, remainder, 0)
    if counter.kind == "enumerate":
        if not isinstance(acc.loop.node, FOR_LOOPS):
            return False
    elif not (
        counter.kind == "variable" and isinstance(increment, ast.Assign) and isinstance(increment.value, ast.Call)
        and call_name(increment.value) == "next" and not isinstance(acc.loop.node, ast.While)
    ):  # fmt: skip
        return None  # `step = 0` before the loop, `step += 1` in it: bound when the loop runs no batch
    if counter.first is None or not name.isidentifier():
        return False
    return _binding_before(acc.loop.node, name, counter.first - 1)


def _divmod_remainder(loop: ast.stmt, names: set[str], counter: str) -> str | None:
    """`windows, rest = divmod(step + 1, N)`, the one binding of `rest` in the loop's body (at
    its top level), its first argument the counter plus a literal: `rest`, else None."""
    if len(names) != 1:
        return None
    (name,) = names
    body = loop.body  # type: ignore[attr-defined]
    binding = [stmt for stmt in body if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(stmt))]
    stmt = binding[0] if len(binding) == 1 else None
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple)):
        return None
    target, value = stmt.targets[0], stmt.value
    if not (len(target.elts) == 2 and isinstance(target.elts[1], ast.Name) and target.elts[1].id == name):
        return None
    if not (isinstance(value, ast.Call) and call_name(value) == "divmod" and len(value.args) == 2 and not value.keywords):
        return None
    first = value.args[0]
    if isinstance(first, ast.BinOp) and isinstance(first.op, ast.Add) and int_value(first.right) is not None:
        first = first.left
    return name if isinstance(first, ast.Name) and first.id == counter else None


def _binding_before(loop: ast.stmt, name: str, value: int) -> InsertStatements:
    return InsertStatements(loop, "before", ((f"{name} = {value}  {EMPTY_LOOP_COMMENT}", True),))


def _invariant_conjuncts(acc: Accumulation, model: ModuleModel) -> list[str] | None:
    """`if (i + 1) % N == 0 and phase == "train":` (the window's own `if`): the texts of the `and`
    operands besides the periodic one, each a test that holds, or not, for the whole loop (a
    phase or a flag: it calls nothing and reads no name the loop binds); None for any other
    shape."""
    periodic = acc.periodic
    test = periodic.holder.test if isinstance(periodic.holder, ast.If) and periodic.holder is acc.node else None
    if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)) or not any(v is periodic.comparison for v in test.values):
        return None
    source = model.source
    texts = []
    for value in test.values:
        if value is periodic.comparison:
            continue
        if not isinstance(value, (ast.Compare, ast.Name, ast.Attribute, ast.UnaryOp)) or not loop_invariant(value, acc.loop, source):
            return None
        text = source.outer_segment(value) if source.parenthesized(value) or not isinstance(value, ast.BoolOp) else None
        if text is None or "\n" in text:
            return None
        texts.append(text)
    return texts or None


def _flush_of_own_method_window(acc: Accumulation, model: ModuleModel) -> Fix | None:
    """The window written in a method of the loop's own class that the loop calls once per
    micro-batch as `self.train_step(x, y, i)` (its one call in the file), straight in the
    loop's body: the flush after the loop is the window's body, each statement a gradient call
    on attributes of `self` and names of the module (the same objects in both methods), under
    the window's test negated, its parameters read as the loop's own variables the call
    passes for them (`(i + 1) % WIN != 0`). None for any other shape."""
    source = model.source
    call = acc.steps[0].via[0] if len(acc.steps[0].via) == 1 else None
    method = acc.steps[0].helpers[-1] if acc.steps[0].helpers else None
    loop = acc.loop.node
    function = acc.loop.function
    if call is None or acc.guards or acc.steps[0].source is not None or not isinstance(loop, FOR_LOOPS) or loop.orelse:
        return None
    if any(step.via != (call,) for step in acc.steps) or not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self" and func.attr == method.name):
        return None
    owner = source.owner_of(method)
    if not isinstance(owner, ast.ClassDef) or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    if not any(item is method for item in owner.body) or not any(item is function for item in owner.body):
        return None
    if source.text.count(f".{method.name}") != 1 or source.text.count(f"def {method.name}(") != 1:
        return None  # called (or named) elsewhere too
    statement = next((stmt for stmt in loop.body if any(n is call for n in ast_walk(stmt))), None)
    value = statement.value if isinstance(statement, (ast.Expr, ast.Assign)) else None
    if value is not call and not (isinstance(value, ast.Call) and any(a is call for a in value.args)):
        return None  # the call straight in the loop's body (or `losses.append(<call>)`), once per micro-batch
    if not any(stmt is acc.node for stmt in method.body) or acc.node.orelse or source.inline_block(acc.node.body):
        return None
    periodic = acc.periodic
    comparison = periodic.comparison
    if periodic.countdown is not None or periodic.reset or periodic.partial_tail or periodic.negated or periodic.holder is not acc.node:
        return None
    if not (isinstance(comparison, ast.Compare) and len(comparison.ops) == 1 and isinstance(comparison.ops[0], ast.Eq)):
        return None
    events = {id(e.node): e for e in acc.loop.events if e.via == (call,) and e.kind in _GRADIENT_KINDS}
    kept = [stmt for stmt in acc.node.body if not _bookkeeping(stmt)]
    if not kept or any(not (isinstance(stmt, ast.Expr) and id(stmt.value) in events and source.alone_on_lines(stmt)) for stmt in kept):
        return None
    if not any(events[id(stmt.value)].kind is EventKind.STEP for stmt in kept):  # type: ignore[attr-defined]
        return None
    bound_in_method = _bound_names(method)
    bound_in_caller = _bound_names(function)
    # names of the kept statements: `self` or the module's (bound in neither method)
    for stmt in kept:
        for node in ast_walk(stmt):
            if isinstance(node, ast.Name) and node.id != "self" and (node.id in bound_in_method or node.id in bound_in_caller):
                return None
    # the test's names: the method's parameters, each passed the loop's own variable by name,
    # or the module's names (bound in neither method)
    params = [a.arg for a in (*method.args.posonlyargs, *method.args.args)][1:]
    passed: dict[str, str] = {}
    for index, argument in enumerate(call.args):
        if isinstance(argument, ast.Starred) or index >= len(params):
            return None
        if isinstance(argument, ast.Name):
            passed[params[index]] = argument.id
    for keyword in call.keywords:
        if keyword.arg is None:
            return None
        if isinstance(keyword.value, ast.Name):
            passed[keyword.arg] = keyword.value.id
    loop_variables = {n.id for n in ast_walk(loop.target) if isinstance(n, ast.Name)}
    rebound = {n.id for stmt in loop.body for n in ast_walk(stmt) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    start, end = source.outer_span(comparison)
    pieces: list[tuple[int, int, str]] = []
    for node in ast_walk(comparison):
        if not isinstance(node, ast.Name) or node.id == "self":
            continue
        if node.id in params:
            given = passed.get(node.id)
            if given is None or given not in loop_variables or given in rebound or any(
                node.id == a.arg for a in method.args.kwonlyargs
            ):
                return None
            if node.id in bound_in_method - set(params) or _rebinds(method, node.id):
                return None
            span = source.outer_span(node)
            pieces.append((span[0], span[1], given))
        elif node.id in bound_in_method or node.id in bound_in_caller:
            return None
    text = source.text[start:end]
    for left, right, name in sorted(pieces, reverse=True):
        text = text[: left - start] + name + text[right - start :]
    if text.count("==") != 1 or "\n" in text:
        return None
    guard = text.replace("==", "!=")
    # the loop's names the flush reads: bound before the loop too, for a loader with no batch
    befores: list[InsertStatements] = []
    for name in sorted({name for _, _, name in pieces}):
        start = _enumerate_start(loop, name, source)
        if start is None:
            return None
        befores.append(_binding_before(loop, name, start - 1))
    unit = source.unit_at(loop)  # the step of the block it goes into
    lines: list[tuple[str, bool]] = [("", False), (FLUSH_COMMENT, True), (f"if {guard}:", True)]
    for stmt in kept:
        lines += indented(statement_lines(source, stmt), unit)
    return Fix([*befores, InsertStatements(loop, "after", tuple(lines))], Safety.UNSAFE, copies=tuple(kept))  # type: ignore[arg-type]


def _bound_names(function: ast.AST) -> set[str]:
    """Names a function binds: its parameters and every name it stores (nested scopes too)."""
    args = function.args  # type: ignore[attr-defined]
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    names |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    names |= {n.id for n in ast_walk(function) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    return names


def _rebinds(function: ast.AST, name: str) -> bool:
    """The function assigns its parameter `name` anew."""
    return any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(function))


def _ends_at_a_window_boundary(acc: Accumulation, loop: ast.For | ast.AsyncFor, model: ModuleModel) -> bool:
    """A loop over `itertools.count(start)` whose only end is `if <counter> == K: break` (or
    `>=`), after the window's `if`, whose window test fires at K: the last micro-batch steps,
    nothing is left over."""
    n = acc.periodic.n_value
    if n is None and isinstance(acc.periodic.n, ast.Name):
        values = {int_value(v) for v in assigned_values(model, acc.periodic.n.id)}
        n = values.pop() if len(values) == 1 else None  # `ACC = 4`, bound once
    if not n or not (isinstance(loop.target, ast.Name) and isinstance(loop.iter, ast.Call)):
        return False
    if (dotted(loop.iter.func) or "").rsplit(".", 1)[-1] != "count" or loop.iter.keywords or len(loop.iter.args) > 1:
        return False
    start = int_value(loop.iter.args[0]) if loop.iter.args else 0
    if start is None:
        return False
    body = loop.body
    window = next((i for i, stmt in enumerate(body) if stmt is acc.node), None)
    if window is None:
        return False
    for stmt in body[window + 1 :]:
        test = stmt.test if isinstance(stmt, ast.If) else None
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], (ast.Eq, ast.GtE))
            and isinstance(test.left, ast.Name)
            and test.left.id == loop.target.id
            and len(stmt.body) == 1  # type: ignore[union-attr]
            and isinstance(stmt.body[0], ast.Break)  # type: ignore[union-attr]
        ):
            last = int_value(test.comparators[0])
            if last is None or last < start:
                return False
            # the window's own test, at the last micro-batch: it steps, so nothing is left over
            value = last + acc.periodic.addend
            return value % n == {"zero": 0, "one": 1}.get(acc.periodic.remainder, n - 1)
    return False


def _ends_after_an_update(acc: Accumulation, loop: ast.For | ast.AsyncFor, model: ModuleModel) -> bool:
    """A loop over a stream that never runs out (see `_endless`) whose only ways out are a
    `break` in the window's stepping arm after its step, or `if <test>: break` after the
    window's `if`, the test reading a count the loop changes only in that arm
    (`completed_steps += 1` beside the step; `if completed_steps >= args.max_train_steps:
    break`) and otherwise what the loop never changes: it leaves right after a step, nothing
    is left over (codeparrot's shape, over a dataset built with `infinite=True`)."""
    read = _stepping_arm_counts(acc, loop, model)
    if read is None:
        return False
    arm, in_arm, changed_in_arm, touched_outside = read
    body = loop.body
    at = body.index(acc.node)  # type: ignore[arg-type]
    last_step = max(stmt.lineno for step in acc.steps for stmt in step.path if id(stmt) in in_arm)
    exits = [stmt for stmt in body[at + 1 :] if isinstance(stmt, ast.If) and len(stmt.body) == 1 and isinstance(stmt.body[0], ast.Break)]
    if any(stmt.orelse for stmt in exits):
        return False
    after_step = [node for node in _own_breaks(arm) if node.lineno > last_step]  # it leaves right after a step
    allowed = {id(stmt.body[0]) for stmt in exits} | {id(node) for node in after_step}
    if not allowed:
        return False
    todo: list[ast.AST] = list(body)
    while todo:  # no other way out of the loop: another `break` of its own, a `return`
        node = todo.pop()
        if (isinstance(node, ast.Break) and id(node) not in allowed) or isinstance(node, ast.Return):
            return False
        if isinstance(node, (*LOOPS, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        todo.extend(child_nodes(node))
    source = model.source
    if not all(_reads_a_count_of_updates(stmt.test, changed_in_arm, touched_outside, source) for stmt in exits):
        return False
    return _endless(loop.iter, acc.loop.function or source.tree, model)


def _stepping_arm_counts(
    acc: Accumulation, loop: ast.For | ast.AsyncFor | ast.While, model: ModuleModel
) -> tuple[list[ast.stmt], set[int], set[str], set[str]] | None:
    """The window's stepping arm (an `if` of the loop's body), the ids of its nodes, the keys
    the loop binds only in it (`completed_steps += 1` beside the step) and those it binds out
    of it (with the roots of every call out of it, which may change them)."""
    window = acc.node
    if not any(stmt is window for stmt in loop.body) or not isinstance(window, ast.If) or acc.guarded:
        return None
    held = {id(stmt) for step in acc.steps for stmt in step.path}  # (a step in a helper: the call)
    arm = next((block for block in (window.body, window.orelse) if any(id(stmt) in held for stmt in block)), None)
    if arm is None:
        return None
    in_arm = {id(node) for stmt in arm for node in ast_walk(stmt)}
    source = model.source
    changed_in_arm: set[str] = set()
    touched_outside: set[str] = set()  # keys bound out of the arm, and the roots of those and of every call out of it
    target = loop.target if not isinstance(loop, ast.While) else None
    for node in (*((target,) if target is not None else ()), *(n for stmt in loop.body for n in ast_walk(stmt))):
        outside = id(node) not in in_arm
        if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)) and not isinstance(node.ctx, ast.Load):
            key = node.id if isinstance(node, ast.Name) else source.key(node)
            if outside:
                touched_outside |= {key, key.split(".", 1)[0].split("[", 1)[0]}
            else:
                changed_in_arm.add(key)
        elif isinstance(node, (ast.Tuple, ast.List)) and outside and node is target:
            touched_outside |= {n.id for n in ast_walk(node) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Call) and outside:
            func = node.func.value if isinstance(node.func, ast.Attribute) else node.func
            key = dotted(func)
            if key is not None:
                touched_outside.add(key.split(".", 1)[0])
    return arm, in_arm, changed_in_arm, touched_outside


def _reads_a_count_of_updates(test: ast.expr, changed_in_arm: set[str], touched_outside: set[str], source: Source) -> bool:
    """The test of an `if <test>: break` after the window reads a count the loop changes only in
    the stepping arm (`if completed_steps >= max_steps:`) and otherwise only what the loop never
    changes, and calls nothing: it can hold only right after a step."""
    counted = False
    for node in ast_walk(test):
        if isinstance(node, ast.Call):
            return False  # a call in the test: what it reads is not known
        if not isinstance(node, (ast.Name, ast.Attribute)) or not isinstance(node.ctx, ast.Load):
            continue
        key = node.id if isinstance(node, ast.Name) else source.key(node)
        root = key.split(".", 1)[0]
        if key in touched_outside or root in touched_outside:
            return False  # changed (or maybe changed, through a call) outside the stepping arm
        counted = counted or key in changed_in_arm
    return counted


def _across_passes_loop(acc: Accumulation, model: ModuleModel) -> ast.For | ast.AsyncFor | ast.While | None:
    """A window counter set to a literal before a loop of passes (`it = 0` before `for epoch in
    range(epochs):`) and otherwise bound only by its increment in the batch loop (`it += 1`),
    never reset: its windows run across the passes, and the only micro-batches left without a
    step are those after the last pass. That loop (the one right in the counter's block, holding
    the batch loop), when nothing of it outside the batch loop clears, steps or backpropagates
    (a per-pass `zero_grad()` would drop each pass's tail instead); None otherwise (a counter
    reset, or bound, anywhere else: what each pass starts from is not read)."""
    name = acc.periodic.counter
    increment = acc.counter.increment
    batch_loop = acc.loop.node
    if not name.isidentifier() or increment is None:
        return None
    source = model.source
    scope = acc.loop.function if acc.loop.function is not None else source.tree
    init: ast.Assign | None = None
    counted = {id(node) for node in ast_walk(increment)}
    periodic = acc.periodic
    if periodic.reset and periodic.countdown is None and periodic.wraps is None and isinstance(periodic.holder, ast.If):
        # `c = 0` in the window's own arm (`if c == N: step(); c = 0`): it starts the next
        # window, as the literal before the loop of passes starts the first one
        for stmt in (*periodic.holder.body, *periodic.holder.orelse):
            if _is_reset(stmt, name):
                counted.update(id(node) for node in ast_walk(stmt))
    for node in ast_walk(scope):
        if id(node) in counted:
            continue
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            if init is not None or len(node.targets) != 1 or int_value(node.value) is None:
                return None
            init = node
        elif isinstance(node, (ast.Name,)) and node.id == name and not isinstance(node.ctx, ast.Load):
            if not any(node is t for t in (init.targets if init is not None else ())):
                owner = next((a for a in ast_walk(scope) if isinstance(a, ast.Assign) and node in a.targets), None)
                if owner is None:
                    return None  # bound by a loop, an unpacking, a `with`, a walrus, an augmented assignment
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and node is not scope:
            if any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(node)) or name in {a.arg for a in node.args.args}:
                return None
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return None
    if init is None or (periodic.reset and int_value(init.value) != 0):
        return None
    block = source.block_of(init)
    if block is None:
        return None
    at = next(i for i, stmt in enumerate(block) if stmt is init)
    inside = {id(node) for node in ast_walk(batch_loop)}
    holder = next((stmt for stmt in block[at + 1 :] if id(batch_loop) in {id(n) for n in ast_walk(stmt)}), None)
    if holder is None or holder is batch_loop or not isinstance(holder, LOOPS) or holder.orelse:
        return None
    for node in ast_walk(holder):
        if id(node) in inside or not isinstance(node, ast.Call):
            continue
        if (method_name(node) or call_name(node) or "") in ("zero_grad", "step", "backward") or "step" in (dotted(node.func) or ""):
            return None  # the pass clears or steps on its own: each pass's tail is handled (or dropped) there
    return holder  # type: ignore[return-value]


def _own_breaks(block: list[ast.stmt]) -> list[ast.Break]:
    """The `break`s of a block that leave the loop around it (not those of loops inside it)."""
    found: list[ast.Break] = []
    todo: list[ast.AST] = list(block)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Break):
            found.append(node)
        elif not isinstance(node, (*LOOPS, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(child_nodes(node))
    return found


_ENDLESS_ITERTOOLS = ("itertools.cycle", "itertools.count")


def _endless(expr: ast.expr, scope: ast.AST, model: ModuleModel, depth: int = 0, visiting: frozenset = frozenset()) -> bool:
    """A stream that never runs out: `itertools.cycle(...)`, `itertools.count(...)`,
    `itertools.repeat(x)`, a generator function of the module whose body ends in `while True:`
    with no `break` or `return` of its own, a call given `infinite=True` (a dataset that starts
    over), a `DataLoader` over one, `enumerate` of one, or a name every binding of which is one
    (through a tuple of an `accelerator.prepare(...)`-like call or of a function of the module
    returning tuples). A name met again while its own bindings are read (`ds = ds.shuffle(...)`)
    stands for what its other bindings are."""
    if depth > 12:
        return False
    if isinstance(expr, ast.Call):
        name = dotted(expr.func) or ""
        if name == "enumerate" and expr.args:
            return _endless(expr.args[0], scope, model, depth + 1, visiting)
        root, _, rest = name.partition(".")
        qualified = model.facts.imports.aliases.get(root, root) + ("." + rest if rest else "")
        if qualified in _ENDLESS_ITERTOOLS or (qualified == "itertools.repeat" and len(expr.args) == 1 and not expr.keywords):
            return True
        if any(k.arg == "infinite" and isinstance(k.value, ast.Constant) and k.value.value is True for k in expr.keywords):
            return True
        if isinstance(expr.func, ast.Attribute) and expr.func.attr == "shuffle":
            return _endless(expr.func.value, scope, model, depth + 1, visiting)  # a shuffled stream: as long as the stream
        if name.rsplit(".", 1)[-1] == "DataLoader":
            dataset = expr.args[0] if expr.args else next((k.value for k in expr.keywords if k.arg == "dataset"), None)
            return dataset is not None and _endless(dataset, scope, model, depth + 1, visiting)
        function = _module_function(expr, model)
        if function is not None:
            if _loops_forever(function):
                return True
            returned = _own_returns(function)
            return bool(returned) and all(r.value is not None and _endless(r.value, function, model, depth + 1, visiting) for r in returned)
        return False
    if isinstance(expr, ast.Name):
        bindings = assignments(model).bindings(expr.id, scope)
        if not bindings:
            return False
        if any((expr.id, id(b.scope)) in visiting for b in bindings):
            return True  # (read again inside its own bindings: the others decide)
        inner = visiting | {(expr.id, id(b.scope)) for b in bindings}
        for binding in bindings:
            found = (binding.value, binding.scope) if binding.value is not None else _unpacked(binding, expr.id, model)
            if found is None or not _endless(found[0], found[1], model, depth + 1, inner):
                return False
        return True
    return False


def _module_function(call: ast.Call, model: ModuleModel) -> ast.FunctionDef | None:
    if not isinstance(call.func, ast.Name):
        return None
    info = model.facts.module_functions.get(call.func.id)
    node = info.node if info is not None else None
    return node if isinstance(node, ast.FunctionDef) else None


def _own_returns(function: ast.AST) -> list[ast.Return]:
    found: list[ast.Return] = []
    todo: list[ast.AST] = list(function.body)  # type: ignore[attr-defined]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Return):
            found.append(node)
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(child_nodes(node))
    return found


def _loops_forever(function: ast.FunctionDef) -> bool:
    """A generator whose body ends in `while True:` (yielding in it), with no `return` and no
    `break` of that loop's own."""
    last = function.body[-1] if function.body else None
    if not (isinstance(last, ast.While) and isinstance(last.test, ast.Constant) and last.test.value in (True, 1)):
        return False
    if _own_returns(function) or not any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast_walk(last)):
        return False
    todo: list[ast.AST] = list(last.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Break):
            return False
        if isinstance(node, (*LOOPS, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        todo.extend(child_nodes(node))
    return True


def _unpacked(binding, name: str, model: ModuleModel) -> tuple[ast.expr, ast.AST] | None:  # type: ignore[no-untyped-def]
    """What `name` is bound to by `a, name = value`, and the scope to read it in: the matching
    element of a tuple, the matching argument of `accelerator.prepare(a, b)` (which hands its
    arguments back in order), or the matching element of the one tuple a function of the
    module returns (read in that function)."""
    statement = binding.statement
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], (ast.Tuple, ast.List))):
        return None
    elts = statement.targets[0].elts
    if any(isinstance(e, ast.Starred) for e in elts):
        return None
    index = next((i for i, e in enumerate(elts) if isinstance(e, ast.Name) and e.id == name), None)
    if index is None:
        return None
    value = statement.value
    if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(elts):
        return value.elts[index], binding.scope
    if not isinstance(value, ast.Call) or any(isinstance(a, ast.Starred) for a in value.args):
        return None
    if isinstance(value.func, ast.Attribute) and value.func.attr == "prepare" and len(value.args) == len(elts) and not value.keywords:
        return value.args[index], binding.scope
    function = _module_function(value, model)
    returned = _own_returns(function) if function is not None else []
    if len(returned) != 1 or not isinstance(returned[0].value, ast.Tuple) or len(returned[0].value.elts) != len(elts):
        return None
    return returned[0].value.elts[index], function  # type: ignore[return-value]


def _drains_an_iterator(loop: ast.While) -> ast.stmt | None:
    """A `while` loop over the batches of an iterator until it runs out, as `for x, y in
    loader:` is: `while True:` whose body starts with `try: x, y = next(it)` / `except
    StopIteration: break` or with `batch = next(it, None)` / `if batch is None: break` (that
    `break` is returned), or `while batch is not None:` whose body ends by `batch = next(it,
    None)` (its last statement is returned). None for another loop."""
    body = loop.body
    if not body:
        return None
    test = loop.test
    if (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot)
        and isinstance(test.left, ast.NamedExpr) and _next_call(test.left.value, 2)
        and _none(test.left.value.args[1]) and _none(test.comparators[0])  # type: ignore[attr-defined]
    ):  # fmt: skip
        return loop  # `while (batch := next(it, None)) is not None:`: it ends where the data does
    if (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt)
        and isinstance(test.left, ast.Name) and _batches_of_data(test.comparators[0])
        and _steps_an_index(test.left.id, body)
    ):  # fmt: skip
        return loop  # `while i < len(data): x, y = data[i]; ...; i += 1`: an index over the data
    if isinstance(test, ast.Name) and _pops_to_empty(test.id, body):
        return loop  # `while pending: x, y = pending.popleft()`: a queue of the batches, emptied
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot):
        name = test.left.id if isinstance(test.left, ast.Name) else None
        last = body[-1]
        if (
            name is not None and _none(test.comparators[0]) and isinstance(last, ast.Assign) and len(last.targets) == 1
            and isinstance(last.targets[0], ast.Name) and last.targets[0].id == name
            and _next_call(last.value, 2) and _none(last.value.args[1])  # type: ignore[attr-defined]
        ):  # fmt: skip
            return last
        return None
    if not (isinstance(test, ast.Constant) and test.value in (True, 1)):
        return None
    first = body[0]
    if (
        len(body) > 1 and isinstance(first, ast.Assign) and len(first.targets) == 1 and isinstance(first.targets[0], ast.Name)
        and _next_call(first.value, 2) and _none(first.value.args[1])  # type: ignore[attr-defined]
        and isinstance(body[1], ast.If) and not body[1].orelse and len(body[1].body) == 1 and isinstance(body[1].body[0], ast.Break)
        and isinstance(body[1].test, ast.Compare) and len(body[1].test.ops) == 1 and isinstance(body[1].test.ops[0], ast.Is)
        and dotted(body[1].test.left) == first.targets[0].id and _none(body[1].test.comparators[0])
    ):  # fmt: skip
        return body[1].body[0]  # `batch = next(it, None)` / `if batch is None: break`
    if not isinstance(first, ast.Try) or first.orelse or first.finalbody or len(first.body) != 1:
        return None
    taken = first.body[0]
    if not (isinstance(taken, (ast.Assign, ast.AnnAssign)) and _next_call(taken.value, 1)):
        return None
    for handler in first.handlers:
        if dotted(handler.type) == "StopIteration" and len(handler.body) == 1 and isinstance(handler.body[0], ast.Break):  # type: ignore[arg-type]
            return handler.body[0]
    return None


_POPS = frozenset({"popleft", "pop"})


def _pops_to_empty(name: str, body: list[ast.stmt]) -> bool:
    """The body's first statement takes one item off `name` (`x, y = pending.popleft()`,
    `batch = queue.pop(0)`), and nothing else in the body names it (no `append` puts batches
    back, no rebinding, no `break` or `continue`: the loop runs until the queue of batches
    it was handed is empty, one item an iteration, as `for` over it would)."""
    first = body[0]
    if not (isinstance(first, ast.Assign) and len(first.targets) == 1):
        return False
    value = first.value
    if not (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _POPS
        and isinstance(value.func.value, ast.Name) and value.func.value.id == name and not value.keywords
        and (not value.args or (value.func.attr == "pop" and len(value.args) == 1 and int_value(value.args[0]) == 0))
    ):  # fmt: skip
        return False
    if any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(first.targets[0])):
        return False
    todo: list[ast.AST] = list(body[1:])
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name) and node.id == name:
            return False  # `pending.append(...)`, `pending = ...`, `if not pending: ...`
        if isinstance(node, (ast.Break, ast.Continue, ast.Global, ast.Nonlocal)):
            return False
        if isinstance(node, (*LOOPS, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(n for n in ast_walk(node) if isinstance(n, ast.Name))
            continue
        todo.extend(child_nodes(node))
    return True


def _steps_an_index(name: str, body: list[ast.stmt]) -> bool:
    """`name += <number>` once among the loop body's top-level statements, and `name` bound by
    no other statement of the body: an index moving on through the data on every iteration."""
    increments = 0
    for stmt in body:
        if (
            isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and isinstance(stmt.target, ast.Name)
            and stmt.target.id == name and isinstance(stmt.value, (ast.Constant, ast.Name))
            and (int_value(stmt.value) or 0) >= (0 if isinstance(stmt.value, ast.Name) else 1)
        ):  # fmt: skip
            increments += 1
            continue
        for node in ast_walk(stmt):
            if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
                return False
            if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
                return False
    return increments == 1


def _leaves_otherwise(loop: ast.While, drained: ast.stmt) -> bool:
    """The loop has a `break` of its own besides the one at the end of the data (`if step ==
    40: break` over `itertools.cycle(loader)`): where it ends is not the data's end."""
    todo: list[ast.AST] = list(loop.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Break) and node is not drained:
            return True
        if isinstance(node, (*LOOPS, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        todo.extend(child_nodes(node))
    return False


def _drains_finite_data(loop: ast.While, acc: Accumulation, model: ModuleModel) -> bool:
    """The iterator the loop takes its batches from (`next(it)`) is bound, at every binding in
    the loop's scope, to `iter(...)` of data that runs out (not `itertools.cycle`, `count`, an
    endless generator of the module...): a pass over the data, which another `break` of its
    own (`if step >= max_steps: break`) only ends early, as it would a `for` loop's."""
    scope = acc.loop.function if acc.loop.function is not None else model.source.tree
    taken = None
    for node in ast_walk(loop):
        if isinstance(node, ast.Call) and _next_call(node, len(node.args)) and node.args and isinstance(node.args[0], ast.Name):
            taken = node.args[0].id
            break
    if taken is None:
        return False
    bindings = assignments(model).bindings(taken, scope)
    if not bindings:
        return False
    for binding in bindings:
        value = binding.value
        if not (isinstance(value, ast.Call) and dotted(value.func) == "iter" and len(value.args) == 1 and not value.keywords):
            return False
        data = value.args[0]
        if not isinstance(data, (ast.Name, ast.Attribute)) or _endless(data, binding.scope, model):
            return False
        if isinstance(data, ast.Attribute):
            continue  # (`iter(self.loader)`: a loader kept on the object)
        if not assignments(model).bindings(data.id, binding.scope) and not _is_parameter(data.id, binding.scope):
            return False
    return True


def _is_parameter(name: str, scope: ast.AST) -> bool:
    args = getattr(scope, "args", None)
    return args is not None and name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}


def _next_call(value: ast.expr | None, count: int) -> bool:
    return isinstance(value, ast.Call) and dotted(value.func) == "next" and len(value.args) == count and not value.keywords


def _none(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and value.value is None


def _counted_after(acc: Accumulation, drained: ast.stmt) -> bool:
    """The window's counter counts micro-batches taken: incremented once in the body, after
    the statement that takes the batch when the loop leaves by a `break` (when `next` runs
    out, it holds the number of micro-batches backpropagated)."""
    counter = acc.counter
    if counter.kind != "variable" or counter.increment is None:
        return False
    return not isinstance(drained, ast.Break) or counter.increment.lineno > drained.lineno  # type: ignore[attr-defined]


def _breaks(acc: Accumulation, loop: ast.For | ast.AsyncFor | ast.While, model: ModuleModel, drained: ast.stmt | None = None) -> bool:
    """The loop can end by a `break` of its own (not one of a loop inside it) that need not come
    right after a window's step. Before the end of its window's `if`, its counter then need not
    be the last micro-batch's (`if i >= max_iters: break` before the backward leaves `i` one past
    it; a `break` between the backward and the window test skips a full window's step), and a
    flush under the negated window test would step an empty window or drop the last one. After
    the window's `if`, a `break` that may come mid-window (`if update == max_steps: break` with
    `update = i // N` bound before the step leaves on the first micro-batch of the next window;
    an early stop, a time budget, a count of micro-batches) ends training, or the pass, on a part
    window the author chose to leave: whether its gradients should step (one more update than a
    count of updates allows) or be dropped is not known, so no flush is written. A `break`
    after the window's `if`, last in the body of an `if` whose test reads a count the loop changes only in
    the stepping arm (`completed_steps += 1` beside the step; `if completed_steps >= max_steps:
    break`), leaves right after a step: the flush's test does not hold there, and it stays right
    for the end of the data."""
    window = acc.node
    end = window.end_lineno  # type: ignore[attr-defined]
    after = [node for node in _own_breaks(loop.body) if node.lineno > end and node is not drained]
    if any(node.lineno <= end and node is not drained for node in _own_breaks(loop.body)):
        return True
    if not after:
        return False
    read = _stepping_arm_counts(acc, loop, model)
    if read is None:
        return True
    _, in_arm, changed_in_arm, _ = read
    source = model.source
    bound_outside: set[str] = set()  # keys the loop binds out of the stepping arm (calls may change others: read as constant)
    for node in ast_walk(loop):
        if id(node) not in in_arm and isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)) and not isinstance(node.ctx, ast.Load):
            bound_outside.add(node.id if isinstance(node, ast.Name) else source.key(node))
    at = loop.body.index(window)  # type: ignore[arg-type]
    exits = {  # (`if args.max_steps > 0 and global_step > args.max_steps: epoch_iterator.close(); break`)
        id(stmt.body[-1])
        for stmt in loop.body[at + 1 :]
        if isinstance(stmt, ast.If) and isinstance(stmt.body[-1], ast.Break) and not stmt.orelse
        and (
            _reads_a_count_of_updates(stmt.test, changed_in_arm, _with_prefixes(bound_outside), source)
            or _windows_done_reaches(stmt.test, acc, bound_outside, source)
        )
    }
    if any(id(node) not in exits for node in after):
        return True
    return bool(after) and _entered_again(acc, loop, [stmt.test for stmt in loop.body[at + 1 :] if isinstance(stmt, ast.If) and id(stmt.body[-1]) in exits], changed_in_arm, source)


def _entered_again(acc: Accumulation, loop: ast.AST, tests: list[ast.expr], changed_in_arm: set[str], source: Source) -> bool:
    """A count exit's test may hold again when an enclosing loop runs the batch loop again: the
    count is not reset (`updates = 0`, a statement of that loop's body) and that loop
    does not leave on the same test right after it (`if updates >= budget: break` after the batch
    loop, in each loop out to the function). Then each later pass leaves after one micro-batch
    without a step, and a flush would step it: no fix."""
    counts = {
        node.id if isinstance(node, ast.Name) else source.key(node)
        for test in tests
        for node in ast_walk(test)
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load)
    } & changed_in_arm
    if not counts:
        return False  # (the windows done, `(idx + 1) // N == K`: the index starts again on each pass)
    texts = {source.code(test) for test in tests}
    scope = acc.loop.function if acc.loop.function is not None else source.tree
    inner: ast.AST = loop
    while True:
        around = [
            node for node in ast_walk(scope)
            if isinstance(node, LOOPS) and node is not inner and any(child is inner for child in ast_walk(node))
        ]
        if not around:
            return False
        outer = min(around, key=lambda node: (node.end_lineno or 0) - node.lineno)  # type: ignore[attr-defined]
        for node in outer.body:  # (a statement each pass runs)
            if isinstance(node, ast.Assign) and any(
                isinstance(target, (ast.Name, ast.Attribute))
                and (target.id if isinstance(target, ast.Name) else source.key(target)) in counts
                for target in node.targets
            ):
                return False  # reset on each pass of the loop around
        holder = next((i for i, stmt in enumerate(outer.body) if any(node is inner for node in ast_walk(stmt))), None)
        if holder is None or not any(
            isinstance(stmt, ast.If) and not stmt.orelse and isinstance(stmt.body[-1], (ast.Break, ast.Return))
            and source.code(stmt.test) in texts
            for stmt in outer.body[holder + 1 :]
        ):
            return True
        inner = outer


def _with_prefixes(keys: set[str]) -> set[str]:
    """The keys and every dotted prefix of them (`self.args` of `self.args.max_steps`)."""
    out = set(keys)
    for key in keys:
        parts = key.split("[", 1)[0].split(".")
        out |= {".".join(parts[:k]) for k in range(1, len(parts) + 1)}
    return out


def _windows_done_reaches(test: ast.expr, acc: Accumulation, bound_outside: set[str], source: Source) -> bool:
    """`if (idx + 1) // N == K: break` (or `>=`) after a window `(idx + 1) % N == 0` over the
    enumerate index: the count of windows done first reaches K at a window's last micro-batch,
    right after its step (`idx // N == K`, one micro-batch later, is not this)."""
    periodic = acc.periodic
    if acc.counter.kind != "enumerate" or periodic.modulo is None or periodic.remainder != "zero" or periodic.negated:
        return False
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.GtE))):
        return False
    left, right = test.left, test.comparators[0]
    if not (isinstance(left, ast.BinOp) and isinstance(left.op, ast.FloorDiv)):
        return False
    if source.segment(left.left) != source.segment(periodic.modulo.left) or source.segment(left.right) != source.segment(periodic.modulo.right):
        return False
    for node in ast_walk(right):
        if isinstance(node, ast.Call):
            return False
        if isinstance(node, (ast.Name, ast.Attribute)) and (node.id if isinstance(node, ast.Name) else source.key(node)) in _with_prefixes(bound_outside):
            return False
    return not any(
        isinstance(node, (ast.Name, ast.Attribute)) and (node.id if isinstance(node, ast.Name) else source.key(node)) in bound_outside
        for node in ast_walk(periodic.modulo.right)
    )


def _negate(comparison: ast.expr, source: Source) -> str | None:
    """The text of the window test with its sense reversed."""
    if isinstance(comparison, ast.UnaryOp):
        inner = comparison.operand
        return source.segment(inner) if isinstance(inner, ast.BinOp) else None
    if isinstance(comparison, ast.Compare) and len(comparison.ops) == 1:
        if not isinstance(comparison.ops[0], ast.Eq):
            return None
        start, end = source.outer_span(comparison)
        left_end = source.outer_span(comparison.left)[1]
        right_start = source.outer_span(comparison.comparators[0])[0]
        between = source.text[left_end:right_start]
        if between.count("==") != 1:
            return None
        return source.text[start:left_end] + between.replace("==", "!=") + source.text[right_start:end]
    return None


def _loader_like(iterable: ast.expr) -> bool:
    """Iterates data (a loader), not a count of steps."""
    inner = iterable
    if isinstance(inner, ast.Call) and dotted(inner.func) == "enumerate" and inner.args:
        inner = inner.args[0]
    if isinstance(inner, ast.Call) and dotted(inner.func) == "range":
        args = inner.args
        if len(args) == 3 and not inner.keywords and int_value(args[0]) == 0:
            # `range(0, len(X), bs)`: the first index of each batch of the data
            return isinstance(args[1], ast.Call) and dotted(args[1].func) == "len" and int_value(args[2]) != 1
        if len(args) == 2 and not inner.keywords and isinstance(args[0], (ast.Name, ast.IfExp)) and int_value(args[0]) is None:
            # `range(start, len(loader))` with `x, y = loader[i]`: a resumed pass over the data
            # (`start` a resume's, whose fresh run starts at a literal: the counter reads it)
            return _batches_of_data(args[1])
        return len(args) == 1 and not inner.keywords and _batches_of_data(args[0])
    return True


def _endless_cut_at_a_count(iterable: ast.expr, acc: Accumulation, model: ModuleModel) -> bool:
    """`itertools.islice(itertools.cycle(loader), max_steps)` (also through `enumerate`, or a
    name bound once to it in the loop's function): an endless stream of batches cut at a
    number of steps. It counts steps, as `range(max_steps)` does; no epoch ends in it."""
    call = iterable
    if isinstance(call, ast.Call) and dotted(call.func) == "enumerate" and call.args:
        call = call.args[0]
    if isinstance(call, ast.Name):
        call = _one_value(call, acc, model)  # type: ignore[assignment]
        if call is None:
            return False
    if not (isinstance(call, ast.Call) and (dotted(call.func) or "").rsplit(".", 1)[-1] == "islice"):
        return False
    if not (2 <= len(call.args) <= 4) or call.keywords:
        return False
    stream = call.args[0]
    return isinstance(stream, ast.Call) and (dotted(stream.func) or "").rsplit(".", 1)[-1] in ("cycle", "repeat")


def _whole_windows_of_episodes(iterable: ast.expr, acc: Accumulation, model: ModuleModel) -> bool:
    """The loop runs over a `DataLoader` whose `batch_sampler=` is built with a product by the
    window's N among its arguments (`CategoriesSampler(labels, episodes * N, way, shot)`: the
    episodes of few-shot training, N of them per step): the sampler yields whole windows. Names
    are followed through their one binding (or the last one before the loop in the loop's own
    block), and `enumerate`/`tqdm`/`iter` through their data."""
    n_key = acc.periodic.n_key
    if not n_key:
        return False
    index = assignments(model)
    scope = acc.loop.function if acc.loop.function is not None else model.source.tree
    node: ast.expr | None = iterable
    loader = False
    block = model.source.block_of(acc.loop.node) or []  # type: ignore[arg-type]
    for _ in range(8):
        if isinstance(node, ast.Name):
            bindings = index.bindings(node.id, scope)
            # `gen = tqdm(loader)` right before the loop, rebound before another loop later
            before = [b for b in bindings if any(s is b.statement for s in block[: _index_in(block, acc.loop.node)])]
            node = before[-1].value if before else bindings[0].value if len(bindings) == 1 else None
            continue
        if not isinstance(node, ast.Call):
            return False
        name = (call_name(node) or "").rsplit(".", 1)[-1]
        if name == "DataLoader" and not loader:
            node = next((kw.value for kw in node.keywords if kw.arg == "batch_sampler"), None)
            loader = True
        elif name in ("enumerate", "tqdm", "iter") and node.args and not loader:
            node = node.args[0]
        else:
            given = [*node.args, *(kw.value for kw in node.keywords)]
            return loader and any(
                isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Mult) and n_key in (dotted(arg.left), dotted(arg.right))
                for arg in given
            )
    return False


def _index_in(block: list[ast.stmt], stmt: ast.AST) -> int:
    return next((i for i, s in enumerate(block) if s is stmt), 0)


def _batches_of_data(count: ast.expr) -> bool:
    """`len(x)`, or the number of batches of it: `len(x) // bs`, `math.ceil(len(x) / bs)`,
    `int(np.ceil(len(x) / bs))` -- not known to be a multiple of the window."""
    if isinstance(count, ast.Call) and dotted(count.func) == "len":
        return True
    if isinstance(count, ast.BinOp) and isinstance(count.op, (ast.FloorDiv, ast.Div)):
        return _batches_of_data(count.left)
    if isinstance(count, ast.Call) and len(count.args) == 1 and (dotted(count.func) or "").rsplit(".", 1)[-1] in ("ceil", "int", "floor"):
        return _batches_of_data(count.args[0])
    return False


def _cut_to_whole_windows(acc: Accumulation, loop: ast.For, model: ModuleModel) -> bool:
    """The loop runs over its data sliced to a multiple of N from the start (`enumerate(X[:
    len(X) // N * N])`, also `X[0:E]` with `E` that product, `N * (len(X) // N)` or `len(X) -
    len(X) % N`, written in the slice or bound once in the loop's function), X and N written as
    the loop and its window test write them, the counter the loop's own index, and the loop has
    no `break` of its own: every window is whole, there is no tail to flush."""
    if acc.counter.kind != "enumerate" or _own_breaks(loop.body):
        return False
    data = loop.iter
    if isinstance(data, ast.Call) and dotted(data.func) == "enumerate" and len(data.args) == 1 and not data.keywords:
        data = data.args[0]
    if not (isinstance(data, ast.Subscript) and isinstance(data.slice, ast.Slice)):
        return False
    cut = data.slice
    if cut.step is not None or (cut.lower is not None and int_value(cut.lower) != 0) or cut.upper is None:
        return False
    name, count = dotted(data.value), dotted(acc.periodic.n)
    if name is None or count is None:
        return False
    upper = cut.upper
    if isinstance(upper, ast.Name):
        upper = _one_value(upper, acc, model)  # type: ignore[assignment]
        if upper is None:
            return False
    return _multiple_of_count(upper, name, count)


def _multiple_of_count(expr: ast.expr, data: str, count: str) -> bool:
    """`len(X) // N * N`, `N * (len(X) // N)` or `len(X) - len(X) % N`."""
    def length(node: ast.expr) -> bool:
        return (
            isinstance(node, ast.Call) and dotted(node.func) == "len" and len(node.args) == 1
            and not node.keywords and dotted(node.args[0]) == data
        )  # fmt: skip

    def n(node: ast.expr) -> bool:
        return dotted(node) == count

    if not isinstance(expr, ast.BinOp):
        return False
    if isinstance(expr.op, ast.Mult):
        for whole, factor in ((expr.left, expr.right), (expr.right, expr.left)):
            if n(factor) and isinstance(whole, ast.BinOp) and isinstance(whole.op, ast.FloorDiv):
                if length(whole.left) and n(whole.right):
                    return True
        return False
    if isinstance(expr.op, ast.Sub) and length(expr.left):
        rest = expr.right
        return isinstance(rest, ast.BinOp) and isinstance(rest.op, ast.Mod) and length(rest.left) and n(rest.right)
    return False


def _asserted_whole_windows(acc: Accumulation, loop: ast.For, model: ModuleModel) -> bool:
    """Before the loop, its function (or module) asserts that the data it iterates comes in
    whole windows: `assert len(loader) % accum_steps == 0` (or `not len(loader) % accum_steps`),
    the loader and N written as the loop and its window test write them, at the top level of
    the function's body or of a loop holding this one."""
    data = loop.iter
    while isinstance(data, ast.Call) and call_name(data) in ("enumerate", "tqdm", "tqdm.tqdm") and data.args:
        data = data.args[0]
    name, count = dotted(data), dotted(acc.periodic.n)
    if name is None or count is None:
        return False
    scope = acc.loop.function if acc.loop.function is not None else model.source.tree
    todo = list(getattr(scope, "body", []))
    while todo:
        stmt = todo.pop()
        if stmt.lineno >= loop.lineno:
            continue
        if isinstance(stmt, LOOPS) and stmt.end_lineno is not None and stmt.end_lineno >= loop.lineno:
            todo.extend(stmt.body)  # (the epoch loop around the batch loop)
            continue
        if isinstance(stmt, ast.Assert) and _whole_windows_test(stmt.test, name, count):
            return True
    return False


def _whole_windows_test(test: ast.expr, data: str, count: str) -> bool:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        remainder = test.operand
    elif (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == 0
    ):
        remainder = test.left
    else:
        return False
    return (
        isinstance(remainder, ast.BinOp) and isinstance(remainder.op, ast.Mod)
        and isinstance(remainder.left, ast.Call) and call_name(remainder.left) == "len" and len(remainder.left.args) == 1
        and dotted(remainder.left.args[0]) == data and dotted(remainder.right) == count
    )  # fmt: skip


def _steps_after(acc: Accumulation, loop: ast.AST, model: ModuleModel, undecided: list[ast.stmt] | None = None) -> bool:
    """Some statement after the loop (at any level of the function) steps, itself or through a
    helper of the module: a flush of some kind. `undecided` collects the statements that step for
    some objects only (a hook of `self` only some subclasses override with a step). Not a step
    under the window's own test, right after its loop (`if not left: optimizer.step()` after a
    countdown the window resets, `if (i + 1) % N == 0:` after an `enumerate` loop): that test
    holds there only when the last window was whole, so it never steps on a tail."""
    step = acc.steps[0]
    index = next((i for i, s in enumerate(step.path) if s is loop), None)
    if index is None:
        # a loop an expression stands for (`seen = [on_batch(i, x, y) for i, (x, y) in
        # enumerate(loader)]`, made for it): what follows the statement holding it follows it
        index = _holding_statement(step.path, loop)
        if index is None:
            return True
    window_test = _window_test_text(acc, model) if loop is acc.loop.node else None
    for level in range(index, -1, -1):
        block = step.blocks[level]
        position = next((i for i, s in enumerate(block) if s is step.path[level]), None)
        if position is None:
            return True
        later = block[position + 1 :]
        if level == index and window_test is not None:
            later = [s for s in later if not _under_test(s, window_test, model)]
        if _any_steps(later, model, acc.loop.function, undecided):
            return True
        if level and isinstance(step.path[level - 1], TRIES) and any(s is step.path[level] for s in step.path[level - 1].body):
            # `try: for ...` ... `finally:` (or `else:`) runs after the loop too
            if _any_steps([*step.path[level - 1].orelse, *step.path[level - 1].finalbody], model, acc.loop.function, undecided):
                return True
        if level and isinstance(step.path[level - 1], WITHS) and _exit_callbacks_step(step, level - 1, model, acc.loop.function, undecided):
            return True  # `with ExitStack() as stack: stack.callback(end_epoch)` runs it after the loop
    return _caller_steps_after(acc, model)


def _exit_callbacks_step(step, level: int, model: ModuleModel, loop_function: ast.AST | None, undecided: list[ast.stmt] | None) -> bool:
    """`with contextlib.ExitStack() as stack:` (or `ExitStack()`) around the loop, its body
    registering `stack.callback(f, ...)` (a statement of that body) with `f` a function the
    blocks around define (`def end_epoch():`) whose body steps: the stack calls it when the
    `with` ends, after the loop. Read only for a `with` on the loop's path."""
    node = step.path[level]
    stacks = set()
    for item in node.items:
        ctx = item.context_expr
        if (
            isinstance(ctx, ast.Call) and not ctx.args and isinstance(item.optional_vars, ast.Name)
            and (call_name(ctx) or "").rsplit(".", 1)[-1] == "ExitStack"
        ):  # fmt: skip
            stacks.add(item.optional_vars.id)
    if not stacks:
        return False
    for statement in node.body:
        call = statement.value if isinstance(statement, ast.Expr) else None
        if not (
            isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "callback"
            and isinstance(call.func.value, ast.Name) and call.func.value.id in stacks
            and call.args and isinstance(call.args[0], ast.Name)
        ):  # fmt: skip
            continue
        name = call.args[0].id
        for block in step.blocks[: level + 2]:
            for defined in block:
                if isinstance(defined, ast.FunctionDef) and defined.name == name and _any_steps(defined.body, model, loop_function, undecided):
                    return True
    return False


_SIMPLE_HOLDERS = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)


def _holding_statement(path: list[ast.stmt], loop: ast.AST) -> int | None:
    """The level of the plain statement of `path` (an expression statement or an assignment)
    whose text holds `loop`, a loop made for a comprehension, `map` or `reduce` it holds
    (no statement of the file: not on the path itself)."""
    start = (getattr(loop, "lineno", 0), getattr(loop, "col_offset", 0))
    end = (getattr(loop, "end_lineno", None) or 0, getattr(loop, "end_col_offset", None) or 0)
    for level in range(len(path) - 1, -1, -1):
        holder = path[level]
        if isinstance(holder, _SIMPLE_HOLDERS) and (holder.lineno, holder.col_offset) <= start and end <= (holder.end_lineno or 0, holder.end_col_offset or 0):
            return level
    return None


def _window_test_text(acc: Accumulation, model: ModuleModel) -> str | None:
    """The text of the window's `if` test when, read after the loop, it holds only if the last
    iteration's window stepped: the counter is an `enumerate` index the iteration never rebinds,
    a variable counted before the test (and not again after it), or one the window resets."""
    node, periodic, counter = acc.node, acc.periodic, acc.counter
    if acc.guarded or acc.split or acc.told or periodic.holder is not node or not isinstance(node, ast.If):
        return None
    if periodic.tail or periodic.conjunct or periodic.divmod:
        return None
    resets = periodic.countdown is not None or periodic.reset or periodic.wraps is not None
    if counter.kind == "enumerate" and not counter.rebound:
        pass
    elif counter.kind == "variable" and (resets or counter.before_test):
        pass
    else:
        return None
    return model.source.segment(node.test)


def _under_test(statement: ast.stmt, test: str, model: ModuleModel) -> bool:
    """`if <test>:` with no `else`, its test written as the window's."""
    return isinstance(statement, ast.If) and not statement.orelse and model.source.segment(statement.test) == test


def _any_steps(
    statements: list[ast.stmt], model: ModuleModel, loop_function: ast.AST | None, undecided: list[ast.stmt] | None = None
) -> bool:
    for later in statements:
        text = model.source.segment(later)
        if "flush" in text:
            text = _STREAM_FLUSH.sub("", text)  # `tb_writer.flush()`, `sys.stdout.flush()`, `print(..., flush=True)`
        if (("step(" in text or _called_step(model)) and _may_step(later, model)) or _FLUSH_WORD.search(text) or _calls_a_stepping_helper(later, model, loop_function, undecided):
            return True  # `optimizer.step()`, `self.optimizer_step()`, `flush_gradients()`, `apply_update(...)`
        if "()" in text and _calls_a_bound_step(later, model):
            return True  # `advance()` after `advance = opt.step` (or `clear, advance = opt.zero_grad, opt.step`)
    return False


def _called_step(model: ModuleModel) -> bool:
    """The module calls a `step` through an `operator.methodcaller` (`ADVANCE(opt)`, read as
    `opt.step()` in call_forms.py): a statement's text need not say `step(`."""
    return "step" in (model.source.tree.__dict__.get("_gradfix_method_callers") or ())


def _calls_a_bound_step(statement: ast.stmt, model: ModuleModel) -> bool:
    """The statement calls a name the module writes bound to a `step` method (`advance()` with
    `advance = opt.step`): an optimizer's step held in a name, a flush when after the loop."""
    names = bound_step_names(model.facts)  # (found once per module; most: none, and no walk)
    if not names:
        return False
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in names  # type: ignore[attr-defined]
        for n in ast_walk(statement)
    )


def _may_step(statement: ast.AST, model: ModuleModel, seen: frozenset[int] = frozenset()) -> bool:
    """A call of the statement spelled with `step(` may step an optimizer: not a learning-rate
    scheduler's `scheduler.step()` (it applies no gradient), nor an `epoch_step(...)` (or
    `..._epoch_step(...)`) of an early stopper, a checkpoint saver or a monitor, nor a function
    of the module whose own calls are only such steps (`plateau_step(scheduler, val)`)."""
    for node in ast_walk(statement):
        if not isinstance(node, ast.Call):
            continue
        method = method_name(node)
        name = method or call_name(node) or ""
        if not name.endswith("step"):
            continue
        if isinstance(node.func, ast.Name):
            helper = model.facts.module_functions.get(node.func.id)
            if helper is not None and (helper.source or model.source) is model.source and id(helper.node) not in seen:
                if _may_step(helper.node, model, seen | {id(helper.node)}):
                    return True
                continue
        if method == "step":
            recv = receiver(node)
            key = model.source.key(recv) if recv is not None and dotted(recv) is not None else ""
            last = key.rsplit(".", 1)[-1].lower()
            if key and (model.facts.is_scheduler(key) or ("sched" in last and "opt" not in last)):
                continue
        elif method is not None and method.endswith("epoch_step"):
            continue  # `stopper.epoch_step(val)`, a saver's `bert_epoch_step(current=...)`
        return True
    return False


def _caller_steps_after(acc: Accumulation, model: ModuleModel) -> bool:
    """The loop's function is called by a statement after which the caller steps (the flush is
    written where the epoch ends: `train_epoch(...); optimizer.step()`, `t.train_epoch();
    t.end_epoch()`), in this module or in another module of the project that imports it."""
    function = acc.loop.function
    if function is None or not any(stmt is acc.loop.node for stmt in function.body):
        return False  # the loop sits in a block of its function: callers do not end it
    method = any(function.name in methods and methods[function.name].node is function for methods in model.facts.methods.values())
    if _steps_after_calls(model, function, method):
        return True
    project = model.facts.project
    if project is None or not model.source.path:
        return False
    info = model.facts.module_functions.get(function.name) or next(
        (methods[function.name] for methods in model.facts.methods.values() if function.name in methods), None
    )
    if info is None or info.node is not function:
        return False
    for path in _other_caller_files(project, model.source.path, info):
        module = project.module(path, any_bytes=True)
        if module is not None and _steps_after_calls(_Caller(module.source, module.facts), function, method, own=False):
            return True
    return False


class _Caller:
    """What `_any_steps` reads of a module that calls the loop's function: its source and facts."""

    def __init__(self, source: Source, facts) -> None:  # type: ignore[no-untyped-def]
        self.source, self.facts = source, facts


def _steps_after_calls(
    model: ModuleModel | _Caller, function: ast.FunctionDef | ast.AsyncFunctionDef, method: bool, own: bool = True
) -> bool:
    """A statement of the module, outside the function, calls it (`name(...)`; `E.name(...)`
    after `import engine as E`; `self.name()`; `trainer.name()` of a method not named like a
    module's own `train()`) and the statements after it in its block step. `own`: the function
    is the module's own (else its lines are another file's, and say nothing of this one's)."""
    source = model.source
    name = function.name
    if name not in source.text:
        return False
    aliases = model.facts.imports.aliases
    for node in source.nodes:
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            if func.id != name:
                continue
        elif isinstance(func, ast.Attribute) and func.attr == name and isinstance(func.value, ast.Call):
            # `self.begin(epoch).batches().end(epoch)`: a chain of the class's methods that return
            # `self`; the links after the loop's method run after it, on the same object
            if not method or (own and function.lineno <= node.lineno <= (function.end_lineno or function.lineno)):
                continue
            chained = _fluent_links_after(node, function, model)
            if chained is None:
                continue
            if any(link is not function and _may_step(link, model) for link in chained):
                return True
        elif not (isinstance(func, ast.Attribute) and func.attr == name and isinstance(func.value, ast.Name)):
            continue
        elif func.value.id != "self" and (func.value.id not in aliases if not method else name in _MODULE_METHODS):
            continue  # `model.train()`, not `trainer.train()`; a function only through its module
        if own and function.lineno <= node.lineno <= (function.end_lineno or function.lineno):
            continue  # a call inside the function itself
        statement = statement_containing(source, node)
        block = source.block_of(statement) if statement is not None else None
        if statement is None or block is None:
            continue
        position = next((i for i, s in enumerate(block) if s is statement), None)
        if position is not None and _any_steps(block[position + 1 :], model, function):  # type: ignore[arg-type]
            return True
    return False


def _fluent_links_after(
    call: ast.Call, function: ast.FunctionDef | ast.AsyncFunctionDef, model: ModuleModel | _Caller
) -> list[ast.AST] | None:
    """`self.a().name().b()` in a method of the class of `name` (the loop's method), each link
    but the last a method of that class whose every `return` is `return self` (a fluent chain):
    the methods of the links after `name`'s call (`b`), which run next on the same object; None
    when the call is no such chain."""
    methods = next((m for m in model.facts.methods.values() if m.get(function.name) is not None and m[function.name].node is function), None)
    if methods is None:
        return None

    def fluent(info: FunctionInfo | None) -> bool:
        if info is None:
            return False
        returns = _own_returns(info.node)
        return bool(returns) and all(isinstance(r.value, ast.Name) and r.value.id == "self" for r in returns)

    inner = call.func.value  # type: ignore[attr-defined]
    while isinstance(inner, ast.Call):
        if not (isinstance(inner.func, ast.Attribute) and fluent(methods.get(inner.func.attr))):
            return None
        inner = inner.func.value
    if not (isinstance(inner, ast.Name) and inner.id == "self"):
        return None
    statement = statement_containing(model.source, call)
    if statement is None:
        return None
    outer = {
        id(n.func.value): n
        for n in ast_walk(statement)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Call)
    }
    links: list[ast.AST] = []
    current, info = call, methods.get(function.name)
    while fluent(info) and id(current) in outer:
        current = outer[id(current)]
        info = methods.get(current.func.attr)  # type: ignore[attr-defined]
        if info is None:
            break
        links.append(info.node)
    return links


def _calls_a_stepping_helper(
    statement: ast.AST, model: ModuleModel, loop_function: ast.AST | None, undecided: list[ast.stmt] | None = None
) -> bool:
    """A call of a function or method of the module that steps (a call spelled `step(` that
    `_may_step` keeps: a helper whose only step is a scheduler's is no flush); not of the loop's
    own function: calling it again runs the loop again (the next epoch, or an evaluation pass).
    A hook of `self` (`self.on_epoch_end()`) is what the loop's objects run: the class's own
    method, or the overrides of its subclasses, of the module or of other modules of the project,
    when it is a stub: a flush when every subclass overrides it with a step (and the module
    never builds the class itself), for some objects only (`undecided`) when some do."""
    facts = model.facts
    for node in ast_walk(statement):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        helper = None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            verdict = _hook_steps(func.attr, model, loop_function)
            if verdict is True:
                return True
            if verdict is None:
                if undecided is not None and isinstance(statement, ast.stmt):
                    undecided.append(statement)
                continue
            if verdict is False:
                continue
        if isinstance(func, ast.Name):
            handlers = bus_handlers(node, facts) if node.args else None
            if handlers is not None:
                # `emit("epoch_end", ctx, epoch, i)`: the handlers of the event bus it runs
                if any(h.node is not loop_function and _may_step(h.node, model) for h in handlers):
                    return True
                continue
            helper = facts.module_functions.get(func.id)
            if helper is None and facts.project is not None and func.id in facts.imports.aliases:
                # `finish_epoch(opt)` imported from another module of the project
                helper = facts.project.function(facts.imports.qualify(func.id) or func.id, model.source.path or None)
            if helper is None:
                # `finish(k)` of `step, finish = make_steps(model, opt)`: the factory's function
                helper = unpacked_closure(facts, func.id)
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if facts.project is not None and func.value.id in facts.imports.aliases:
                # `E.finish(opt)` after `import engine as E`: a function of that module
                qualified = facts.imports.qualify(f"{func.value.id}.{func.attr}")
                helper = facts.project.function(qualified, model.source.path or None) if qualified else None
            else:
                # `self.end_epoch()`, `trainer.end_epoch(...)`: a method of a class of the module
                made = model.source.tree.__dict__.get("_gradfix_made_bindings")
                if made is not None and func.value.id in made:
                    # `PHASES__0.end(ctx, i)`: an entry of a dict of instances (call_forms.py), of a known class
                    helper = facts.methods.get(made[func.value.id], {}).get(func.attr)
                else:
                    helper = next((methods[func.attr] for methods in facts.methods.values() if func.attr in methods), None)
        if helper is not None and helper.node is not loop_function and _may_step(helper.node, model):
            return True  # its calls, not its text: a `# self.scheduler.step(qwk)` comment is no step
    return False


def _hook_steps(name: str, model: ModuleModel, loop_function: ast.AST | None) -> bool | None | str:
    """`self.name()` after a loop of a method: True when it steps for every object the module's
    class may be (its own method steps, or it is a stub every subclass overrides with a step),
    None when only some subclasses' overrides step, False when nothing steps, "" when the loop's
    function is no method of a class of the module (the caller then looks the name up)."""
    facts = model.facts
    owner = next(
        (cls for cls, methods in facts.methods.items() if loop_function is not None and any(m.node is loop_function for m in methods.values())),
        None,
    )
    if owner is None:
        return ""
    own = facts.methods[owner].get(name) or next(
        (methods[name] for cls, methods in facts.methods.items() if name in methods and _derives(facts, owner, cls)), None
    )  # its own, or a base's of the module
    if own is not None and own.node is loop_function:
        return False  # calling it again runs the loop again
    if own is not None and not _stub(own.node):
        return _may_step(own.node, model)
    if own is None and name in _MODULE_METHODS:
        return ""  # `self.train()` of a module's own subclass: looked up by name as before
    subclasses: list[tuple[str, FunctionInfo | None, ModuleModel | _Caller]] = []
    for sub in _subclasses_of(facts, owner):
        subclasses.append((sub, facts.methods.get(sub, {}).get(name), model))
    if facts.project is not None and model.source.path:
        for sub, info in project_overrides(facts.project, facts, owner, name):
            subclasses.append((sub, info, _Caller(info.source, info.facts) if info is not None and info.source is not None else model))
    if own is None and not subclasses:
        return ""  # a method of a base of another module (or none): looked up by name as before
    stepping = [sub for sub, info, where in subclasses if info is not None and not _stub(info.node) and _may_step(info.node, where)]  # type: ignore[arg-type]
    if not stepping:
        return False
    if len(stepping) == len(subclasses) and _never_built(facts, owner):
        return True
    return None


def _resets_a_name_the_step_read(stmt: ast.stmt, kept: list[ast.stmt]) -> bool:
    """`num_tokens = 0` (`self.running = 0.0`) of a name a copied statement reads: the
    normaliser the window's step divided the gradients by (`scale_grads(model, 1 / num_tokens)`)."""
    if not (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], (ast.Name, ast.Attribute))
        and isinstance(stmt.value, ast.Constant)
        and type(stmt.value.value) in (int, float)
    ):
        return False
    name = dotted(stmt.targets[0])
    return name is not None and any(
        isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load) and dotted(node) == name
        for other in kept
        for node in ast_walk(other)
    )


def _resets_counter(stmt: ast.stmt, acc: Accumulation) -> bool:
    """`micro = 0` of a window counter that is reset: the flush needs no copy of it."""
    return (
        acc.periodic.reset
        and isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], (ast.Name, ast.Attribute))
        and dotted(stmt.targets[0]) == acc.periodic.counter  # (also `self.micro = 0`)
    )


def _raises_past_horizon(target: str | None, model: ModuleModel) -> bool:
    """A scheduler built as a `OneCycleLR`, which raises when stepped past its horizon ("Tried
    to step N times"); the others step on past it quietly."""
    info = model.facts.info(target or "")
    constructor = info.constructor if info is not None else None
    return constructor is not None and constructor.rsplit(".", 1)[-1] == "OneCycleLR"


def _counts_whole_windows(stmt: ast.stmt, acc: Accumulation, model: ModuleModel) -> bool:
    """The OneCycleLR stepped in `stmt` counts its horizon in whole windows, rounded down
    (`total_steps=epochs * len(loader) // accum`, `steps_per_epoch=int(len(loader) / accum)`;
    not a ceiling idiom, `-(-len(loader) // accum)`): a flush steps it past that horizon and
    OneCycleLR raises."""
    for event in acc.loop.events:
        if event.kind is not EventKind.SCHEDULER_STEP or not any(s is stmt for s in event.path):
            continue
        for value in assigned_values(model, event.target or ""):
            if not isinstance(value, ast.Call):
                continue
            horizon = [k.value for k in value.keywords if k.arg in ("total_steps", "steps_per_epoch")]
            horizon += [value.args[i] for i in (2, 4) if i < len(value.args)]  # total_steps, steps_per_epoch
            for expr in [*horizon, *(v for e in horizon if isinstance(e, ast.Name) for v in assigned_values(model, e.id))]:
                if _rounds_down(expr, model.source):
                    return True
    return False


def _rounds_down(expr: ast.AST, source: Source) -> bool:
    """A floor division, `int(...)` or `math.floor(...)` in the horizon, outside the ceiling
    idioms (`math.ceil(n / accum)`, `-(-n // accum)`, `(n + accum - 1) // accum`, and `int` of
    one of these), which count the last, shorter window too."""
    inner = _ceiling_parts(expr, source)
    if inner is not None:
        return any(_rounds_down(part, source) for part in inner)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.FloorDiv):
        return True
    if isinstance(expr, ast.Call) and dotted(expr.func) in ("int", "math.floor"):
        if len(expr.args) == 1 and not expr.keywords and _ceiling_parts(expr.args[0], source) is not None:
            return _rounds_down(expr.args[0], source)  # `int(math.ceil(n / accum))`
        return True
    return any(_rounds_down(child, source) for child in child_nodes(expr))


def _ceiling_parts(expr: ast.AST, source: Source) -> list[ast.expr] | None:
    """The operands of a ceiling division written as an idiom: `n` and `accum` of
    `math.ceil(n / accum)` (its argument), `-(-n // accum)`, `(n + accum - 1) // accum`;
    None for anything else."""
    if isinstance(expr, ast.Call) and dotted(expr.func) in ("math.ceil", "ceil") and len(expr.args) == 1:
        return [expr.args[0]]
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        inner = expr.operand
        if isinstance(inner, ast.BinOp) and isinstance(inner.op, ast.FloorDiv):
            if isinstance(inner.left, ast.UnaryOp) and isinstance(inner.left.op, ast.USub):
                return [inner.left.operand, inner.right]
        return None
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.FloorDiv):
        # `(n + accum - 1) // accum`, in any order of its three terms
        terms: list[tuple[int, ast.expr]] = []
        _signed_terms(expr.left, 1, terms)
        if len(terms) != 3:
            return None
        divisor = source.code(expr.right)
        rest = list(terms)
        one = next(((g, t) for g, t in rest if g < 0 and isinstance(t, ast.Constant) and t.value == 1 and not isinstance(t.value, bool)), None)
        if one is None:
            return None
        rest.remove(one)
        count = next(((g, t) for g, t in rest if g > 0 and source.code(t) == divisor), None)
        if count is None:
            return None
        rest.remove(count)
        (sign, n), = rest
        return [n, expr.right] if sign > 0 else None
    return None


def _signed_terms(expr: ast.expr, sign: int, out: list[tuple[int, ast.expr]]) -> None:
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub)):
        _signed_terms(expr.left, sign, out)
        _signed_terms(expr.right, sign if isinstance(expr.op, ast.Add) else -sign, out)
    else:
        out.append((sign, expr))


def _counts_updates(stmt: ast.stmt) -> bool:
    """`num_updates += 1`, `self.global_step += 1`: a count of the optimizer's updates."""
    return (
        isinstance(stmt, ast.AugAssign)
        and isinstance(stmt.op, ast.Add)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, int)
        and not isinstance(stmt.value.value, bool)
        and dotted(stmt.target) is not None
    )


def _logged_name(stmt: ast.stmt, body: list[ast.stmt], acc: Accumulation, model: ModuleModel) -> bool:
    """`denominator = acm * N` in the window, a name bound from a value that calls nothing
    (but `int`, `float`, `max`, `min`, `round`, `abs`, `.item()`) and read only by the window's
    logging calls (statements the flush leaves out): leaving the binding out too changes nothing."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return False
    for node in ast_walk(stmt.value):
        if isinstance(node, (ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom, ast.Lambda)):
            return False
        if isinstance(node, ast.Call) and not (
            (isinstance(node.func, ast.Name) and node.func.id in _PLAIN_CALLS)
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "item" and not node.args)
        ):
            return False
    name = stmt.targets[0].id
    logging = {id(n) for other in body if other is not stmt and _bookkeeping(other) and not isinstance(other, ast.AugAssign) for n in ast_walk(other)}
    scope = acc.loop.function if acc.loop.function is not None else model.source.tree
    for node in ast_walk(scope):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Store) and id(node) not in logging:
            return False
    return True


_PLAIN_CALLS = {"int", "float", "max", "min", "round", "abs"}


_PROJECTIONS = {"clamp", "clip", "clamp_", "clip_"}


def _projects_parameters(stmt: ast.stmt, loop: ast.AST) -> bool:
    """True for a statement that only clamps weights in place after a step: `p.data.clamp_(a, b)`,
    `w.data = torch.clamp(w.data, a, b)`, a `for p in model.parameters():` of them, under
    `torch.no_grad()` or an `if` (a test on the configuration), reading no name the loop binds
    besides its own (after the loop such a name holds the last batch's value)."""
    if not _projection(stmt):
        return False
    own = {n.id for n in ast_walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    bound = {n.id for n in ast_walk(loop) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)} - own
    return not any(isinstance(n, ast.Name) and n.id in bound for n in ast_walk(stmt))


def _projection(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Expr):
        call = stmt.value
        return (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr in ("clamp_", "clip_")
        )
    if isinstance(stmt, ast.Assign):
        return (
            len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Attribute)
            and stmt.targets[0].attr == "data"
            and isinstance(stmt.value, ast.Call)
            and (dotted(stmt.value.func) or "").rsplit(".", 1)[-1] in _PROJECTIONS
        )
    if isinstance(stmt, ast.If):
        return all(_projection(s) for s in stmt.body) and all(_projection(s) for s in stmt.orelse)
    if isinstance(stmt, ast.With):
        return all(dotted(item.context_expr.func) in ("torch.no_grad", "no_grad") if isinstance(item.context_expr, ast.Call) else False for item in stmt.items) and all(
            _projection(s) for s in stmt.body
        )
    if isinstance(stmt, ast.For) and not stmt.orelse:
        return isinstance(stmt.iter, ast.Call) and method_name(stmt.iter) == "parameters" and all(_projection(s) for s in stmt.body)
    return False


def _bookkeeping(stmt: ast.stmt) -> bool:
    if isinstance(stmt, (ast.AugAssign, ast.Pass)):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        name = dotted(stmt.value.func) or ""
        if name.rsplit(".", 1)[-1] in _BOOKKEEPING_CALLS:
            return True
        if name.endswith(".update") and _PROGRESS.search(name.rsplit(".", 1)[0]):
            return True  # progress_bar.update(1); not ema.update(model)
    return False


def _told_tail(acc: Accumulation, model: ModuleModel) -> Fix | None:
    """A told window's flag (`flag = (i + 1) % N == 0` handed as `need_update=flag`) made true
    on the last batch too: `flag = (i + 1) % N == 0 or i + 1 == len(loader)`, when the loop is
    `for i, ... in enumerate(loader)` (from 0, `loader` a name or an attribute) and every
    clear of the window sits right under `if flag:`."""
    periodic = acc.periodic
    holder = periodic.holder
    loop = acc.loop.node
    if periodic.addend != 1 or periodic.remainder != "zero" or periodic.negated:
        return None
    keyword = not isinstance(holder, ast.Assign)
    if keyword:
        flag = None  # `need_update=(i + 1) % N == 0` in the call itself
    elif len(holder.targets) == 1 and isinstance(holder.targets[0], ast.Name) and holder.value is periodic.comparison:
        flag = holder.targets[0].id
    else:
        return None
    iterated = getattr(loop, "iter", None)
    if not (
        isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "enumerate"
        and len(iterated.args) == 1 and not iterated.keywords and isinstance(iterated.args[0], (ast.Name, ast.Attribute))
    ):
        return None
    target = loop.target  # type: ignore[union-attr]
    if not (isinstance(target, ast.Tuple) and target.elts and isinstance(target.elts[0], ast.Name) and target.elts[0].id == periodic.counter):
        return None
    source = model.source
    told = source.code(periodic.comparison)
    tests: dict[int, ast.AST] = {}  # the keyword form's clear tests, rewritten alike
    for clear in acc.clears:
        branches = clear.branches_within(loop)
        if len(branches) != 1 or branches[0].kind != "if":
            return None
        test = branches[0].test
        if flag is not None and not (isinstance(test, ast.Name) and test.id == flag):
            return None
        if flag is None:
            if test is None or source.code(test) != told or "\n" in told:
                return None  # the clear's own test, the keyword's written again: both must change
            tests[id(test)] = branches[0].node
    text = f"{told} or {periodic.counter} + 1 == len({source.code(iterated.args[0])})"
    statement = statement_containing(source, periodic.comparison) if keyword else holder
    if statement is None:
        return None
    edits: list = [ReplaceNode(periodic.comparison, text, statement)]
    for clear in acc.clears:
        test = clear.branches_within(loop)[0].test
        if flag is None and id(test) in tests:
            edits.append(ReplaceNode(test, text, tests.pop(id(test))))  # type: ignore[arg-type]
    return Fix(edits, Safety.SAFE)


def _skips_before_the_window(acc: Accumulation) -> bool:
    """A `continue` of the batch loop written before the window's test (`if bad: continue`)
    while the window's counter also counts the batches it skips (the `enumerate` index, or a
    count advanced before that `continue` or after the backward): a flush testing that counter
    after the loop reads the last batch's index, not the last backward's, so when the last batch
    is skipped it misses the micro-batches still waiting (`(i + 1) % N == 0` at `i = len - 1`),
    and it steps a window whose every batch was skipped (`for` loops only). Exact only when the counter goes up
    after every such `continue` and before every backward (it then counts the backwards)."""
    window = getattr(acc.node, "lineno", None)
    if window is None or not isinstance(acc.loop.node, FOR_LOOPS):
        return False  # (a `while` draining an iterator: its `continue` may be the data's end)
    skips: list[ast.Continue] = []
    index = _loop_index(acc.loop.node)
    stack: list[ast.AST] = list(acc.loop.node.body)  # type: ignore[attr-defined]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Continue) and node.lineno < window:
            skips.append(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, *LOOPS)):
            continue
        if isinstance(node, ast.If) and _skips_a_prefix(node, index):
            continue  # (resuming: the batches it skips come first, the last batch still runs)
        stack.extend(child_nodes(node))
    if not skips:
        return False
    increment = acc.counter.increment
    if acc.counter.kind != "variable" or increment is None:
        return True
    last_skip = max(node.lineno for node in skips)
    first_backward = min((getattr(e.node, "lineno", 0) for e in acc.backwards), default=0)
    return not (last_skip < increment.lineno < first_backward)


def _loop_index(loop: ast.AST) -> str | None:
    """`i` of `for i, ... in enumerate(...)`."""
    target, iterated = getattr(loop, "target", None), getattr(loop, "iter", None)
    if (
        isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "enumerate"
        and isinstance(target, ast.Tuple) and target.elts and isinstance(target.elts[0], ast.Name)
    ):
        return target.elts[0].id
    return None


def _skips_a_prefix(stmt: ast.If, index: str | None) -> bool:
    """A resume's skip of the first batches, no `else`: `if left > 0: left -= 1; continue` (a
    countdown that, once at 0, stays there) or `if i < start: continue` on the loop's `enumerate`
    index (the start a name or a number: an attribute, a call could change as the loop runs)."""
    test, body = stmt.test, stmt.body
    if stmt.orelse or not body or not isinstance(body[-1], ast.Continue):
        return False
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if (
        isinstance(op, ast.Gt) and isinstance(left, ast.Name) and isinstance(right, ast.Constant) and right.value == 0
        and len(body) == 2 and isinstance(body[0], ast.AugAssign) and isinstance(body[0].op, ast.Sub)
        and isinstance(body[0].target, ast.Name) and body[0].target.id == left.id
        and isinstance(body[0].value, ast.Constant) and body[0].value.value == 1
    ):
        return True
    return (
        index is not None and len(body) == 1 and isinstance(op, ast.Lt)
        and isinstance(left, ast.Name) and left.id == index and isinstance(right, (ast.Name, ast.Constant))
        and not (isinstance(right, ast.Name) and right.id == index)
    )


def _handed_in(acc: Accumulation, model: ModuleModel) -> bool:
    """The loop enumerates a parameter of its own function (`def fit(net, batches, ...)`)."""
    from gradfix.analysis.assignments import binds_parameter

    iterated = getattr(acc.loop.node, "iter", None)
    if isinstance(iterated, ast.Call) and iterated.args:
        iterated = iterated.args[0]
    function = acc.loop.function
    return function is not None and isinstance(iterated, ast.Name) and binds_parameter(function, iterated.id)


def _whole_windows_of_a_known_list(acc: Accumulation, model: ModuleModel) -> bool:
    """The loop runs over data of a length known from the code, that N divides, and cannot
    leave a pass early: every window is whole, there is no tail to flush. The data is
    `enumerate(X)` (any start) or `X` itself (a counter of its own): `X` a list or tuple display
    (no `*`), a list comprehension over `range(K)` with no `if`, a one-item list repeated K
    times (`[None] * K`), or a name bound once (in the loop's scope or one around it, and
    nowhere else in the module) to one of these and never changed but item by item (its only
    uses: iterated, `len(X)`, `random.shuffle(X)`, `X[j % N] = b`). K is an integer literal, a
    name bound once to one, or a product with N itself as a factor (`range(3 * ACCUM)`, bound in
    the loop's own scope). N is a known integer (or that factor). The loop's body has no
    `break`, `continue` or `return` of its own (a skipped or cut pass may leave a part window).
    A buffer of the instance (`self.buffer = [None] * self.accum` in `__init__`, replayed by
    `for k, b in enumerate(self.buffer): self.micro_step(b, k)`) is read the same way
    (`_buffer_of_the_instance`); a repetition by N itself (`[None] * window`) holds whole
    windows when the window's `if` runs on every micro-batch (`_window_on_every_item`)."""
    from gradfix.transforms.gf005_unscaled_accumulation import _known_count

    loop = acc.loop.node
    iterated = getattr(loop, "iter", None)
    if isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "enumerate":
        if not 1 <= len(iterated.args) <= 2 or iterated.keywords:
            return False
        iterated = iterated.args[0]
    elif acc.counter.kind == "enumerate":
        return False
    if iterated is None or _leaves_a_pass_early(loop.body):  # type: ignore[union-attr]
        return False
    scope = acc.loop.function if acc.loop.function is not None else model.source.tree
    own_scope = True
    instance = False  # the data is an attribute of `self` built in `__init__`
    if isinstance(iterated, ast.Name):
        bindings = assignments(model).bindings(iterated.id, scope)
        if len(bindings) != 1 or bindings[0].value is None or len(assigned_values(model, iterated.id)) != 1:
            return False
        if not _only_iterated(iterated.id, model):
            return False
        own_scope = bindings[0].scope is scope
        iterated = bindings[0].value
    elif isinstance(iterated, ast.Attribute):
        built = _buffer_of_the_instance(iterated, acc, model)
        if built is None:
            return False
        iterated, own_scope, instance = built, False, True
    n = _known_count(acc, model)
    length: int | None = None
    if isinstance(iterated, (ast.List, ast.Tuple)) and not instance:
        if any(isinstance(e, ast.Starred) for e in iterated.elts):
            return False
        length = len(iterated.elts)
    elif isinstance(iterated, ast.BinOp) and isinstance(iterated.op, ast.Mult):
        # `[None] * K` (or `K * [None]`): K items
        left, right = iterated.left, iterated.right
        item, count = (left, right) if isinstance(left, ast.List) else (right, left)
        if not (isinstance(item, ast.List) and len(item.elts) == 1 and not isinstance(item.elts[0], ast.Starred)):
            return False
        if _same_window(count, acc, model, own_scope, instance):
            return _window_on_every_item(acc, model)  # `[None] * accum` replayed with `(k + 1) % accum`
        length = _known_int(count, model)
    elif isinstance(iterated, ast.ListComp) and len(iterated.generators) == 1 and not iterated.generators[0].ifs and not instance:
        over = iterated.generators[0].iter
        if not (isinstance(over, ast.Call) and isinstance(over.func, ast.Name) and over.func.id == "range" and len(over.args) == 1 and not over.keywords):
            return False
        count = over.args[0]
        window = acc.periodic.n
        if (
            own_scope and isinstance(window, ast.Name) and isinstance(count, ast.BinOp) and isinstance(count.op, ast.Mult)
            and any(isinstance(side, ast.Name) and side.id == window.id for side in (count.left, count.right))
        ):
            return True  # `range(3 * ACCUM)`: whole windows whatever ACCUM is
        length = _known_int(count, model)
    return length is not None and length > 0 and n is not None and n > 0 and length % n == 0


def _buffer_of_the_instance(iterated: ast.Attribute, acc: Accumulation, model: ModuleModel) -> ast.expr | None:
    """`self.buffer` bound once in its class, in `__init__`, to a one-item list repeated
    (`[None] * self.accum`), and never changed but item by item (`self.buffer[i % N] = b`): its
    only uses in the module are `self.buffer` iterated, handed to `enumerate`/`len`, or
    subscripted; no other class of the module binds an attribute of that name, nor does a
    `setattr` (`_only_item_changed`). The value bound, else None."""
    if not (isinstance(iterated.value, ast.Name) and iterated.value.id == "self"):
        return None
    function = acc.loop.function
    if function is None:
        return None
    bindings = assignments(model).bindings(f"self.{iterated.attr}", function)
    if len(bindings) != 1 or not isinstance(bindings[0].statement, ast.Assign):
        return None
    value, built_in = bindings[0].value, bindings[0].scope
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult) and getattr(built_in, "name", None) == "__init__"):
        return None
    if len(bindings[0].statement.targets) != 1:  # type: ignore[attr-defined]
        return None
    if not _only_item_changed(iterated.attr, model, bindings[0].statement):
        return None
    return value


def _only_item_changed(attr: str, model: ModuleModel, binding: ast.stmt) -> bool:
    """Every `<x>.attr` of the module is `self.attr`, read as data (iterated, handed to
    `enumerate`/`len`/`iter`/`zip`, subscripted; an item stored with an index that is no
    slice, not deleted) but at its one binding `binding`; the module calls no `setattr`."""
    uses: list[ast.Attribute] = []
    allowed: set[int] = set()
    for node in ast_walk(model.source.tree):
        if isinstance(node, ast.Attribute) and node.attr == attr:
            uses.append(node)
        elif isinstance(node, ast.Call):
            if dotted(node.func) in _KEEPS_LENGTH:
                allowed.update(id(arg) for arg in node.args)
            elif dotted(node.func) == "setattr":
                return False
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            allowed.add(id(node.iter))
        elif isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Del) and not isinstance(node.slice, (ast.Slice, ast.Tuple)):
            allowed.add(id(node.value))
    target = binding.targets[0]  # type: ignore[attr-defined]
    for use in uses:
        if use is target:
            continue
        if not (isinstance(use.value, ast.Name) and use.value.id == "self" and isinstance(use.ctx, ast.Load) and id(use) in allowed):
            return False
    return True


def _same_window(count: ast.expr, acc: Accumulation, model: ModuleModel, own_scope: bool, instance: bool) -> bool:
    """The list's repeat count is the window's N itself, the same value where the list is built
    and where the window tests it: a name of the loop's own function bound there once (a
    parameter or one assignment) and read by the test in that function; or, for a buffer of
    the instance built in `__init__`, the same chain of `self` (`self.accum`,
    `self.args.accum_steps`) whose first attribute the class binds only in `__init__`, once,
    and whose later attributes the module never binds."""
    window = acc.periodic.n
    name, other = dotted(count), dotted(window)
    if name is None or name != other:
        return False
    function = acc.loop.function
    if isinstance(count, ast.Name):
        if instance or not own_scope or function is None or any(step.via for step in acc.steps):
            return False
        from gradfix.analysis.assignments import binds_parameter

        bound = assignments(model).bindings(count.id, function)
        if any(b.scope is not function for b in bound):
            return False
        return len(bound) + binds_parameter(function, count.id) == 1
    if not instance or function is None:
        return False
    parts = name.split(".")
    if parts[0] != "self" or len(parts) < 2:
        return False
    first = assignments(model).bindings(f"self.{parts[1]}", function)
    if len(first) != 1 or getattr(first[0].scope, "name", None) != "__init__":
        return False
    later = set(parts[2:])
    if later and any(
        isinstance(node, ast.Attribute) and node.attr in later and not isinstance(node.ctx, ast.Load)
        for node in ast_walk(model.source.tree)
    ):
        return False
    return True


def _window_on_every_item(acc: Accumulation, model: ModuleModel) -> bool:
    """The window's `if` runs on every item of the loop: a statement of the loop's body, or of
    the body of a method the loop's body calls once per item as a statement of its own
    (`self.micro_step(b, k)`, `loss = self.micro_step(b, k)`), that method leaving only at its
    end (a `return` as its last statement at most)."""
    loop = acc.loop.node
    if acc.guards or acc.periodic.holder is not acc.node:
        return False
    if any(stmt is acc.node for stmt in loop.body):  # type: ignore[union-attr]
        return not any(step.via for step in acc.steps)
    vias = {step.via for step in acc.steps}
    if len(vias) != 1:
        return False
    (via,) = vias
    method = acc.steps[0].helpers[-1] if len(acc.steps[0].helpers) == 1 else None
    if len(via) != 1 or not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    call = via[0]
    if not any(isinstance(stmt, (ast.Expr, ast.Assign)) and stmt.value is call for stmt in loop.body):  # type: ignore[union-attr]
        return False
    if not any(stmt is acc.node for stmt in method.body):
        return False
    body = method.body[:-1] if method.body and isinstance(method.body[-1], ast.Return) else method.body
    return not any(isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom)) for stmt in body for node in _own_nodes(stmt))


def _own_nodes(stmt: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of a statement, not descending into functions or classes defined in it."""
    stack: list[ast.AST] = [stmt]
    while stack:
        node = stack.pop()
        yield node
        for child in child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)


def _known_int(expr: ast.expr, model: ModuleModel) -> int | None:
    """An integer literal, a name bound (anywhere in the module) only to one literal, or a product of two."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mult):
        left, right = _known_int(expr.left, model), _known_int(expr.right, model)
        return left * right if left is not None and right is not None else None
    if isinstance(expr, ast.Name):
        values = {int_value(value) for value in assigned_values(model, expr.id)}
        return values.pop() if len(values) == 1 else None
    return int_value(expr)


def _leaves_a_pass_early(body: list[ast.stmt]) -> bool:
    """A `break` or `continue` of the loop (not of a loop inside it), or a `return` (not of a function inside it)."""
    stack: list[tuple[ast.AST, bool]] = [(node, False) for node in body]
    while stack:
        node, nested = stack.pop()
        if isinstance(node, ast.Return) or (not nested and isinstance(node, (ast.Break, ast.Continue))):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        deeper = nested or isinstance(node, LOOPS)
        stack.extend((child, deeper) for child in child_nodes(node))
    return False


_KEEPS_LENGTH = ("enumerate", "len", "random.shuffle", "iter", "zip")


def _only_iterated(name: str, model: ModuleModel) -> bool:
    """`name` is read only as data: iterated, handed to `enumerate`/`len`/`random.shuffle`/
    `iter`/`zip`, an item stored by an index that is no slice (`name[j % N] = b`); never an
    attribute's receiver (`name.append(...)`), a slice's target, deleted from, an augmented
    target, or handed to another call (which might change it)."""
    for node in ast_walk(model.source.tree):
        if isinstance(node, ast.Call):
            if any(isinstance(arg, ast.Name) and arg.id == name for arg in (*node.args, *(kw.value for kw in node.keywords))):
                if dotted(node.func) not in _KEEPS_LENGTH:
                    return False
        elif isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == name:
                return False
        elif isinstance(node, ast.Subscript):
            if isinstance(node.value, ast.Name) and node.value.id == name and not isinstance(node.ctx, ast.Load):
                if isinstance(node.ctx, ast.Del) or isinstance(node.slice, (ast.Slice, ast.Tuple)):
                    return False  # `del name[0]`, `name[1:] = []`: the length changes
        elif isinstance(node, ast.AugAssign):
            if isinstance(node.target, ast.Name) and node.target.id == name:
                return False
        elif isinstance(node, ast.Delete):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                return False
    return True


def _one_value(name: ast.Name, acc: Accumulation, model: ModuleModel) -> ast.expr | None:
    """The value of the one plain binding of `name` in the loop's function (or the module's
    top level): `stream = islice(cycle(loader), steps)`, `usable = len(xs) // N * N`."""
    scope = acc.loop.function if acc.loop.function is not None else model.source.tree
    bindings = assignments(model).bindings(name.id, scope)
    if len(bindings) != 1 or bindings[0].value is None:
        return None
    return bindings[0].value  # type: ignore[no-any-return]
