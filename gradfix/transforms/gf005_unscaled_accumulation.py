from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.accumulation import Accumulation, cleared_where_it_steps, switched_off_by_none, told_accumulations
from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.by_hand import handled_by_hand_per_micro_batch
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.facts import FunctionInfo, located_bases
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import call_name, int_value, is_number, last_name, method_name, walk_expression
from gradfix.analysis.steps import arguments_elsewhere
from gradfix.patterns import lazily, starting_at
from gradfix.source import FOR_LOOPS, FUNCTIONS, TRIES, Source, dotted
from gradfix.transforms._accumulation import AccumulationRule
from gradfix.transforms._common import event_info, ignite_every, ignite_handlers
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Safety
from gradfix.libraries.schema import Effect
from gradfix.walk import ast_walk, child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

_MAX_DEPTH = 6
_LOSS_HELPER = lazily(
    r"compute_?loss|get_?loss|calc(ulate)?_?loss|loss_?step|(^|_)(train(ing)?|forward|model|micro)_?step$|accum", re.I
)


_TRAINING_STEP_HOOKS: list[frozenset[str]] = []


def _training_step_hooks() -> frozenset[str]:
    """The method names some framework table calls once per micro-batch ("training-step":
    `training_step`), looked up in a class's methods before any base is resolved."""
    if not _TRAINING_STEP_HOOKS:
        from gradfix.libraries import FRAMEWORK_CLASSES

        _TRAINING_STEP_HOOKS.append(frozenset(h for e in FRAMEWORK_CLASSES.values() for h, r in e.hooks.items() if r == "training-step"))
    return _TRAINING_STEP_HOOKS[0]


class UnscaledAccumulation(AccumulationRule):
    """
    An accumulation loop backpropagates the full loss of every micro-batch.

    ## What it does
    Finds gradient-accumulation loops (the optimizer steps only under a periodic
    condition such as `if (i + 1) % accum_steps == 0:` while `backward()` runs on every
    micro-batch) where the loss handed to `backward()` is never divided by the number of
    accumulated micro-batches. The window may also be written as the two arms of one `if`,
    each with its backward: `if (i + 1) % N != 0: loss.backward()` (often under `no_sync()`)
    / `else: loss.backward(); optimizer.step()` (GF006 then reports the tail without a fix).
    Ignite's window is one too: `trainer = Engine(update)` whose `update` only backpropagates (one
    `loss.backward()` at its top level, the loss bound once there to a call not divided; no
    step, clear, `.grad`, `engine.state.iteration`, scaler or `no_sync` in it), and a handler of
    `Events.ITERATION_COMPLETED(every=N)` (N a literal above 1, or a name the module binds once
    to one; or `event_filter=` a lambda or a function of the module whose whole body is `return
    iteration % N == 0`, the same window) that steps an optimizer and clears it after, and
    neither backpropagates nor clips: fixed as `(loss / N).backward()`.
    So is a transformers `Trainer` subclass's `training_step` override that backpropagates with
    `self.accelerator.backward(loss)` (the Trainer's Accelerator divides by 1; the base
    `training_step` divides by the count) a loss bound once to a call, an attribute or a
    subscript (`self.compute_loss(model, inputs)` without `num_items_in_batch`, `outputs.loss`:
    a micro-batch's mean), in a class that never says `accumulation` nor `loss_is_scaled` and
    reads no `num_items...` name, in a file whose classes override no `compute_loss` and that
    names no `compute_loss_func`, nor sets the count to 1 and only so
    (`TrainingArguments(..., gradient_accumulation_steps=1)`, the setting written nowhere else:
    the division would do nothing): reported without
    a fix (the base divides by `self.current_gradient_accumulation_steps`, smaller for an
    epoch's short last window). An override returning `loss.detach() /
    self.args.gradient_accumulation_steps` was written for transformers 4.29-4.45, whose
    Accelerator divided: left alone.
    A counter reset at the step is a window too: `count += 1` ... `if count == N:` (or `if
    count % N == 0:`) ... `count = 0`, and so is one that wraps itself: `count = (count + 1) %
    N` (or `count += 1; count %= N`) ... `if count == 0:`, and so is a countdown: `left = N`
    before the loop, `left -= 1` (or `left = left - 1`) in it before the test, `if left == 0:`
    (or `left <= 0`, `not left`) ... `left = N` (a countdown started or reset otherwise, or never
    reset, is no window: `patience -= 1` ... `if patience == 0: break`). A part of the window test that holds
    only when N is 1 (`(i + 1) % N == 0 or N == 1`, `(i > 0 or N <= 1) and i % N == 0`, `not
    N > 1`; `and N > 1` in a `continue` guard) is read as false: it makes every micro-batch a
    window's end only when nothing accumulates. So is one that switches accumulation off
    through N itself (`N is None or (i + 1) % N == 0`, `not N or ...`), reported without a
    fix: `loss / N` would raise when N is None; and so is a window written as the `elif` of
    such an arm (`if N is None:` / `elif (i + 1) % N == 0:`, also `if N == 1:`) when both arms
    hold the same statements (reported without a fix too). When the backward is written in the two arms of an `if`
    (a mixed-precision arm and a plain one) and one arm divides by N (`(loss / N).backward()`,
    apex's `amp.scale_loss(loss / N, opt)`) while the other does not, the other is reported,
    unless the `if` itself tests N (`if accum > 1:`, or a flag bound to such a test) -- but
    the window's own two arms (`if (i + 1) % N != 0:` under `no_sync()` / `else:` with the
    step) must both divide.

    ## Why is this bad?
    `backward()` adds into `.grad`, so after N micro-batches the gradient is the *sum* of
    N batch gradients, N times the gradient of the large batch the loop means to emulate.
    The effective learning rate is N times larger than configured; with SGD the loop may
    diverge, and changing `accum_steps` silently changes the learning rate.

    ## Example
    ```python
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Use instead
    ```python
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        (loss / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Fix safety
    Safe. The division is made at the backward call (`(loss / N).backward()`,
    `scaler.scale(loss / N)`), so logged loss values stay what they were. When the window is
    tested in a helper the loop calls (`maybe_step(opt, i, ACCUM)` into `def maybe_step(opt,
    i, every)`), N is spelled by the helper's own names: the fix divides by the argument the
    loop hands to that parameter (`(loss / ACCUM).backward()`) only when the helper reads the
    parameter in the window's test alone, every step runs through that one call made on every
    iteration, and the argument is a name or attribute chain the loop never binds, bound at
    most once in the file; otherwise no fix is offered (and a learning rate divided by the
    argument silences the rule, as one divided by N does). When the loop hands
    the loss to a helper that backpropagates it as given (`grad_acc.backward(loss)`, a
    method of a class of the project whose body runs `loss.backward()`), the argument is
    divided (`grad_acc.backward(loss / N)`), never the object; only when the helper runs the
    backward in its own body, under no condition, on the parameter it never rebinds nor
    changes in place, without a gradient argument, and neither divides, mentions N or
    accumulation, nor (for a method) belongs to a class that registers hooks. The rule stays
    silent when the loss is divided or multiplied by anything that is not a literal on its
    way to `backward()` (or by the literal 1/N, with N a literal or a name the module binds
    only to one integer: `(0.25 * loss).backward()` with `ACC = 4`) -- for a sum of terms,
    every term (`ce + args.w * aux` is reported: the cross-entropy reaches `backward()`
    whole), unless a term names N (`ce / accum + reg`) -- (what feeds a model or a criterion is
    not on that way: `x / 255.0` before `criterion(model(x), y)`, nor is a subscript's index,
    `X[i * bs : (i + 1) * bs]`; nor is a division of the loss after its every backward,
    `loss.backward()` then `loss = loss / N` or `loss /= N` (also alone under a guard, `if N > 1:
    loss = loss / N`) with `loss` bound earlier in the iteration: it scales no gradient, only what is logged, and is left as it is while the
    division is made at the backward; the arguments of a linear reduction, `torch.mean(l / N)`, are;
    nor is a product of a computed value by a per-sample weight read per micro-batch,
    `-(logp * adv[idx]).mean()` or `(per_sample * wb).mean()` with `wb` unpacked from the
    batch or bound from a call told the micro-batch's size (`t, weights =
    sampler.sample(micro.shape[0])`, an importance sampler's weights, not `torch.tensor(len(x))`,
    the size itself; also in a micro-batch loop, `(losses["loss"] * weights).mean()`), unless a factor names N, reads as a scale or a count (`scale`, `inv_acc`), or the
    weight's tensor is bound from them: `adv = raw / N` before the loop), when N is used elsewhere in the iteration (not counting a logging call, `print(...)`,
    `logger.info(...)`, `bar.set_postfix(...)`, an f-string or a formatted string literal,
    `"step_{}_loss_{}".format(i, avg)` or `"%.4f" % avg`, or a number read off the loss, `running += loss.item() / N`:
    a logged window average; a name bound from N by arithmetic, `denominator = windows * N`, is a
    use of N where it is read, none when only such logging reads it; nor is N handed to the helper
    that tests the window under the parameter's own name and read there only in the window's
    test, `boundary(opt, count, k)` into `def boundary(opt, count, k): if count % k == 0: ...`,
    also a `@contextmanager` one), when the loss comes
    from a helper (of this module, or imported from one of the project) that mentions N or
    divides (not by a literal that is no whole number, an InfoNCE temperature `logits / 0.07`, nor by a tensor's sum, a masked mean's `/ mask.sum()` or `/ torch.sum(mask, 1)`), or from a method of `self` that does (`self.loss(x, y)`: the class's own, a base's
    of the module or of another module of the project, or the override of any subclass of the
    module or of the project; an abstract one, `raise NotImplementedError` or `@abstractmethod`,
    is read through its overrides; one gradfix cannot read, a stub no subclass in view
    overrides or a method of a library's base class, is reported without a fix, and not at all
    when named for a loss, `compute_loss`), or from a method named for a loss of an object of
    one class of the project (bound by calling the class, or a parameter that every call of the
    function, in its module or in the project's other modules, hands such an object:
    `fit(LitNet(), data)` ... `loss = module.training_step(batch, i)`), read with the methods of
    `self` it calls, or from a loss function every call hands in for a parameter (`train(net,
    data, compute_loss=mse_of)`) (a scale, a reduction or a hook in what runs is read as a
    scaling too; when gradfix cannot tell what runs, such a helper stays unjudged), or from an object of a class of this module (or of
    another module of the project) whose code does or that was built with N (`criterion =
    WindowCE(ACC)`, also a class gradfix cannot read given N) (Lightning's `self.manual_backward(loss)` does not
    divide: under manual optimization it is a plain backward), for `accelerator.backward()` and DeepSpeed
    engines (which scale by themselves; an `Accelerator()` built without an accumulation setting
    divides by 1, and is reported without a fix, since `accelerate launch` may set one),
    inside `accelerator.accumulate()`, when the
    loop runs more than one `backward()` (two in the two branches of one `if`, `if use_amp:
    scaler.scale(loss).backward()` / `else: loss.backward()`, or apex's `with
    amp.scale_loss(loss, opt) as scaled: scaled.backward()` beside `loss.backward()`, count as
    one, and both are divided; so do one in a `try` body and its retry in an `except` handler of that `try`;
    two backwards on every micro-batch, one divided by N and one not, `(crit(model(x), y) /
    N).backward()` then `crit(head(x), y).backward()`, are reported at the undivided one when
    each loss calls a module of a different optimizer stepped in the window, built over that
    module's `parameters()`, and no optimizer's module is reached by both: each model's
    gradients are then a window of their own), and when the iteration handles gradients by hand:
    it writes a value into `.grad` anywhere (`p.grad = g`), or a statement that runs on every
    micro-batch (outside the periodic `if`) reads `.grad` or hands the gradients, the parameters
    or the model to code gradfix did not look into (per-micro-batch clipping into a buffer: each
    micro-batch's gradient is meant whole). A plain `p.grad = None` or `p.grad.zero_()` is a
    clear, not gradient handling. It is silent too when the loss sums over its micro-batch
    instead of averaging (`reduction="sum"` or `size_average=False` in a call on its way, a
    criterion built with them, a loss class or function of the module whose code has them, or
    a loss that is itself a `.sum()`, or one backward per chunk of the micro-batch in a loop of
    its own): the window's gradient is then the sum-loss gradient of
    the whole window, which is what the author set the learning rate for; and when the module
    divides a learning rate by N (`SGD(params, lr=LR / ACC)`, `group["lr"] /= ACC`, also under
    any name holding `lr` or `learning_rate`, `base_lr = cfg["LR"] / batch / subdivision`, and,
    for N an attribute `self.accum_iter`, divided by its last name in `__init__`): summed
    gradients at lr / N are the window's mean gradient at lr. And it is silent when a clear of
    the stepped optimizer under the window's own test runs before the backward of the iteration
    that steps (`if i % N == 0: opt.zero_grad()` at the top, `if i % N == 0: opt.step()` after
    the backward): every step then applies one micro-batch, which GF015 reports and fixes; once
    the step's test is `(i + 1) % N == 0`, the window is whole and the division follows.
    It is silent, too, when the window's counter counts something else than micro-batches: a
    statement of the loop (or, for `self.<counter>`, of its class) adds to it anything but 1
    (`seen += x.size(0)`, `tokens += x.numel()`, `seen += 8`, `seen = seen + len(batch)`), so
    `if seen % 16 == 0:` or `if tokens >= 64:` closes a window of some other number of
    micro-batches than N, or a number that changes from window to window; or the backward runs
    only on some ticks of the counter, under an `if` that takes it modulo something else (`if
    seen % 8 == 0 or seen == total:` packing eight samples into one micro-batch), whose other
    arm does not backpropagate, or after a guard that does (`if (tick + 1) % 2 != 0:
    continue`): a window of N ticks then holds fewer backwards than N (GF006, GF011 and GF015
    stay silent on such a window too).

    nanoGPT's shape is one too: `for micro_step in range(N):` (N named for accumulation:
    `gradient_accumulation_steps`, `accum_iter`, `num_micro_batches`, also as a config entry,
    `config["gradient_accumulation_steps"]`), or a batch cut into N
    micro-batches, `for xb, yb in zip(x.chunk(N), y.chunk(N)):` or by a generator function of
    the module given N (`for xb, yb in split_batch(x, y, subdivisions):`, a `yield` in a loop of
    its body; N named for accumulation, chunks or subdivisions), or of another module of the
    project (`utils.subdivide_batch(batch, subdivisions)`, or imported by name), or a batch
    sliced by a range over its rows whose step is named for micro-batches (`for i in range(0,
    batch.shape[0], self.microbatch): micro = batch[i : i + self.microbatch]`: N is
    `len(range(...))`, written so by the fix, which gets no fix when the inner loop rebinds a
    name the range reads) (their fix is unsafe: a batch shorter than N is cut into fewer, a
    range's last slice may be shorter and is weighed as a whole one), holds the iteration's
    only backward, under no `if`, with no step, clear, clip or gradient read in it, and the
    step follows that inner loop, under no `if`, in the loop around it -- or in the function
    whose body holds the inner loop when no loop of that function is around it (a step
    function `def update(batch):` cutting each batch into chunks, called once per batch by a
    loop or a framework: each call steps on N chunks' whole losses), or, when that function
    ends with the inner loop and runs nothing of gradients after it, after every call the
    module makes of it: each call a statement of its own, in a method of its class
    (`self.forward_backward(batch)`), a function or a loop of the module, whose next gradient
    event there is an optimizer's step in the same block (`self.forward_backward(batch);
    self.opt.step()`, guided-diffusion's split; silent when a caller reads the gradients
    instead, or the module calls it through another object). The loss is divided at
    the backward as above, unless N appears elsewhere in the inner loop (not counting a formatted string that logs it, nor DDP's sync flag for the last micro-batch, `model.require_backward_grad_sync = (micro_step == N - 1)`), the loss is scaled,
    sums its micro-batch, or a learning rate is divided by N. A loop over tasks or anything not
    named for accumulation (`range(num_tasks)`) sums gradients on purpose and is left alone.

    When a helper called on every micro-batch computes the loss and backpropagates it itself
    (`micro_step(model, x, y)` running `loss = crit(model(x), y); loss.backward()`), the call
    is reported without a fix: dividing inside the helper would change its other callers.
    Only when the helper neither divides, mentions N, accumulation, scaling or a summing
    reduction, nor registers hooks, and the loop does not hand it N. So is a chain of up to
    three helpers each handing the batch to the next (an override `train_step(data)` returning
    `self.calc_losses(data)`, whose code backpropagates), when no helper on the way divides,
    mentions N or scaling, or calls the next one (or the backward) in a loop of its own.

    When the loss comes from a loss function handed to the loop's function as a parameter
    (`loss = loss_fn(model(x), y)`), it is silent when a call of that function in the module
    passes a function (or lambda) of the module that divides or mentions N or accumulation,
    and likewise when a call in another file of the project (one that imports the module and
    names the function) passes a lambda or a function of its own file that does.

    A *recognised accumulation loop* (this rule, GF001, GF002, GF006, GF011, GF015) is a
    training loop gradfix can see through whose every optimizer step sits in the body of one
    `if` (the outermost branch around the first step inside the loop, in no nested loop) while
    every backward runs outside that `if` and the first backward runs before the first step.
    Around the window, `if`s that hold every backward and every step and test the mode of the
    whole loop (`if mode == "train":`, `if is_training:`: a test that calls nothing and reads no
    name the loop binds) are looked through, also one testing N itself (`if args.accum > 1:`,
    whose test scales nothing), with or without an `else:` that steps plainly when nothing
    accumulates; so is a test of such a setting that reads no N (`if cfg["model"] in
    BERT_MODELS:`) whose `else:` trains on its own, a backward and a step: one configuration
    accumulates on every iteration, the other never does. The `if` test (or the one name it tests, assigned
    once in the loop body, also by a walrus that is the whole test of an earlier `if`, `if
    (boundary := (i + 1) % N == 0):` ... `if boundary:`; or `not is_accumulating` for a `!=`
    test, also joined by `and` to a not-the-last-batch test, `is_accumulating = (i + 1) % N !=
    0 and i + 1 < len(loader)`, whose negation also fires on the last batch; a test written as a walrus, `if (do_step := step % N == 0):`, is read as the value it
    binds) holds exactly one periodic
    part: `A % N == 0`, `not A % N`, or `A % N == N - 1`, with `A` a name (or `name + k`) and
    `N` a name, a dict entry read with literal keys (`hp["subdivisions"]`, also
    `opts.get("n_acc", 1)` and `getattr(cfg, "n_acc", 1)`) or a literal of at
    least 2, joined to the rest of the test by `or` (a last-batch test) or `and`; `r == 0` (or
    `not r`) of `q, r = divmod(A, N)`, a statement of the loop body before the `if` and its one
    binding of `r`, is read as `A % N == 0`.
    It is not one when N is 1 or read from a DeepSpeed config, when a step goes through an
    engine that accumulates by itself, or inside `accelerator.accumulate()`.

    A criterion built by a builder function of the file or of the project whose code sums
    (`criterion = build_criterion(cfg)` returning `nn.CrossEntropyLoss(reduction="sum")`) is a
    summing loss too.

    A step function whose window tests one of its parameters (`def train_step(model, opt, i, x,
    y)` with `if (i + 1) % N == 0:`) and whose loop lives in another module of the project counts
    when every call there hands that parameter a name the caller's loop rebinds each pass (`for i,
    (x, y) in enumerate(loader): train_step(model, opt, i, x, y)`, or a count grown by `+= 1`); a
    constant (`train_step(model, opt, N - 1, x, y)`: a step every call) or an expression leaves it
    unread. The division is written in the step function's own file. In its own module, a call
    handing that parameter the same value on every call (a literal, or arithmetic of names only the
    module's top level binds once or imports: `train_step(model, opt, ACCUM - 1, x, y)`) leaves it
    unread too.

    A window written as a guard that ends the other micro-batches early (`if (i + 1) % N != 0:
    continue`, also truthy: `if (i + 1) % N: continue`, timm's `if not need_update: continue`, a statement of the loop's body between its
    backward and its step; in a step function called once per iteration, `if (step + 1) % N != 0:
    return`) is a window too, and so is timm's loss scaler told when to step by the name that
    guard reads (`loss_scaler(loss, opt, need_update=need_update)` before `if not need_update:
    continue`: the call backpropagates every micro-batch and steps only when told; its
    `need_update=False` in one arm of a window's `if` only backpropagates). The window may also be
    written in the scaler's keyword itself, with no `if` around the step: `loss_scaler(loss, opt,
    need_update=(i + 1) % N == 0)`, or `need_update=flag` with `flag = (i + 1) % N == 0 or i + 1 ==
    len(loader)` the one binding of `flag` in the loop's body before the call (the call a statement
    of the loop's body, the iteration's one backward; any `or` part besides the periodic test a
    last-batch test; no clear of the optimizer on every micro-batch). The fix divides the loss handed
    to the scaler. The scaler may be an attribute (`self.loss_scaler(loss, self.optimizer, ...)`). A window written as a `match` statement (`match (i + 1) % N:` /
    `case 0: optimizer.step()`, optionally a last `case _:` arm) is read as the `if (i + 1) %
    N == 0:` / `else:` it runs as, when every arm is an int literal or the last one the
    wildcard, with no guard; a capture (`case n:`), a guard (`case 0 if warm:`) or any other
    pattern leaves the statement unread. The fixes of such a window (this division, GF011's
    moved clear, GF015's `i` -> `i + 1` in the subject) are the `if`'s; a fix that would
    rewrite the `match` or `case` line itself or write a test anew (GF006's flush) is not
    given: the finding is reported without one.
    """

    code = "GF005"
    name = "unscaled-accumulation"
    message = "`{loss}` is backpropagated unscaled while gradients accumulate over `{n}` micro-batches: divide it by `{n}`"
    ignite_message = (
        "`{call}` backpropagates the full loss of every iteration while `{trainer}`'s ITERATION_COMPLETED({event})"
        " handler steps `{opt}` once per `{n}`: divide it by `{n}`"
    )
    helper_message = (
        "`{helper}(...)` backpropagates `{loss}` unscaled while gradients accumulate over `{n}` micro-batches: "
        "divide it by `{n}`"
    )
    override_message = (
        "`{call}` backpropagates `{loss}` undivided in an override of `{hook}`, whose base divides by the accumulation"
        " count and whose `{via}` does not: gradients are `{n}` times too large; divide `{loss}` by `{n}`"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        yield from super().check(model)
        yield from self._framework_step_overrides(model)
        for acc in told_accumulations(model):
            # `loss_scaler(loss, opt, need_update=(i + 1) % N == 0)` (timm): the keyword is the window
            finding = self.check_accumulation(acc, model)
            if finding is not None:
                yield finding
        yield from self._micro_batch_loops(model)
        data = model.source.data
        if b"ITERATION_COMPLETED" in data and (b"every" in data or b"event_filter" in data):
            yield from self._ignite_windows(model)

    def _framework_step_overrides(self, model: ModuleModel) -> Iterator[Finding]:
        """An override of a framework's training-step hook whose base method divides the loss by
        the accumulation count (transformers' `Trainer.training_step`: Method `hf-trainer.training_step`
        DIVIDES_LOSS), backpropagating through the framework's own method that does not divide
        (`self.accelerator.backward(loss)`: the Trainer's Accelerator counts 1) a loss bound
        once, to a call, an attribute or a subscript (`self.compute_loss(model, inputs)` without
        `num_items_in_batch`, `F.cross_entropy(...)`, `outputs.loss`; not `a / b`), rebound at
        most by `loss = loss.mean()`: a micro-batch's mean. Silent when the class says
        `accumulation` at all (`return loss.detach() / self.args.gradient_accumulation_steps` is
        code written for transformers 4.29-4.45, whose Accelerator divided) or `loss_is_scaled`,
        reads a `num_items...` name (the window's item count handed on: the model may divide by
        it), when a class of the file overrides `compute_loss`, and when the file names
        `compute_loss_func` (the user's loss function decides). Gradients are then `count` times
        those of the base method (tests/libraries/test_transformers.py::test_training_step_override_owns_the_division,
        test_training_step_override_without_num_items_is_undivided_for_a_loss_kwargs_model).
        Reported without a fix: the base divides by `self.current_gradient_accumulation_steps`
        (smaller for an epoch's short last window), which the hand fix may or may not want.
        Silent where the file sets the count to 1 and only so (`_counts_one`): the division
        would be a no-op."""
        from gradfix import libraries
        from gradfix.analysis.frameworks import framework_through_file, self_kind

        facts = model.facts
        source = model.source
        for name, methods in facts.methods.items():
            cls = facts.classes.get(name)
            if cls is None or not cls.bases or _training_step_hooks().isdisjoint(methods):
                continue
            entry = framework_through_file(cls, facts.classes, facts.imports.qualify)
            kind = self_kind(entry.qualname) if entry is not None else None
            setting = entry.accumulation if entry is not None else None
            if kind is None or setting is None or setting.attribute is None or entry.manual_switch is not None:  # type: ignore[union-attr]
                continue
            for hook, role in entry.hooks.items():  # type: ignore[union-attr]
                base = libraries.method(kind, hook)
                info = methods.get(hook)
                if role != "training-step" or info is None or base is None or Effect.DIVIDES_LOSS not in base.effects:
                    continue
                found = self._undivided_override(info.node, kind, setting.attribute, methods, cls, model)
                if found is not None and not _counts_one(setting.keywords, model):
                    call, loss, via = found
                    n = f"self.{setting.attribute}"
                    message = self.override_message.format(call=source.code(call), loss=loss, hook=hook, via=via, n=n)
                    yield Finding(self.code, message, call)

    @staticmethod
    def _undivided_override(node, kind: str, attribute: str, methods, cls, model: ModuleModel):  # type: ignore[no-untyped-def]
        """(the backward call, the loss's name, the backward method as written) of an override
        backpropagating an undivided micro-batch mean, or None (see `_framework_step_overrides`)."""
        from gradfix import libraries

        source = model.source
        text = source.segment(cls)
        overrides_loss = any("compute_loss" in m for m in model.facts.methods.values())  # (also a base's of the file)
        if "accumulation" in text or "loss_is_scaled" in text or overrides_loss or "compute_loss_func" in source.text:
            return None
        if any(isinstance(n, ast.Name) and "num_items" in n.id and isinstance(n.ctx, ast.Load) for n in ast_walk(cls)):
            return None  # the window's item count handed on: the model may divide by it
        backwards = [
            c for c in ast_walk(node)
            if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr == "backward"
        ]  # fmt: skip
        if len(backwards) != 1:
            return None
        call = backwards[0]
        owner = call.func.value  # type: ignore[attr-defined]
        if not (isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Name) and owner.value.id == "self"):
            return None
        holder = libraries.method(kind, owner.attr)
        method = libraries.method(holder.returns, "backward") if holder is not None and holder.returns else None
        if method is None or Effect.BACKWARD not in method.effects or Effect.DIVIDES_LOSS in method.effects:
            return None
        if not call.args or not isinstance(call.args[0], ast.Name) or method.loss_argument != 0:
            return None
        loss = call.args[0].id
        if any(isinstance(n, (ast.For, ast.While, ast.AsyncFor)) and any(c is call for c in ast_walk(n)) for n in ast_walk(node)):
            return None
        made = None
        for sub in ast_walk(node):
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and sub is not node:
                return None
            if isinstance(sub, ast.AugAssign) and isinstance(sub.target, ast.Name) and sub.target.id == loss:
                return None
            if isinstance(sub, (ast.AnnAssign, ast.NamedExpr, ast.For, ast.With, ast.comprehension)):
                targets = [getattr(sub, "target", None), *(i.optional_vars for i in getattr(sub, "items", ()))]
                if any(t is not None and any(isinstance(n, ast.Name) and n.id == loss for n in ast_walk(t)) for t in targets):
                    return None
            if not isinstance(sub, ast.Assign):
                continue
            bound = [n for t in sub.targets for n in ast_walk(t) if isinstance(n, ast.Name) and n.id == loss]
            if not bound:
                continue
            value = sub.value
            if (
                len(sub.targets) == 1 and isinstance(sub.targets[0], ast.Name) and isinstance(value, ast.Call)
                and isinstance(value.func, ast.Attribute) and value.func.attr == "mean" and not value.args and not value.keywords
                and isinstance(value.func.value, ast.Name) and value.func.value.id == loss
            ):  # fmt: skip
                continue  # `loss = loss.mean()` (several GPUs): still the mean
            first = sub.targets[0]
            if made is not None or len(sub.targets) != 1 or not isinstance(value, (ast.Call, ast.Attribute, ast.Subscript)):
                return None  # (not `loss = a / b`: it may divide by a window's count)
            if isinstance(first, ast.Tuple) and not (first.elts and isinstance(first.elts[0], ast.Name) and first.elts[0].id == loss):
                return None
            if not isinstance(first, (ast.Name, ast.Tuple)):
                return None
            func = value.func if isinstance(value, ast.Call) else None
            if isinstance(func, ast.Attribute) and func.attr == "compute_loss":
                # the base compute_loss hands the model num_items_in_batch only when given it
                if len(value.args) > 3 or any(isinstance(a, ast.Starred) for a in value.args):  # type: ignore[union-attr]
                    return None
                if any(k.arg is None or k.arg == "num_items_in_batch" for k in value.keywords):  # type: ignore[union-attr]
                    return None
            made = sub
        if made is None:
            return None
        return call, loss, source.code(call.func)

    def _ignite_windows(self, model: ModuleModel) -> Iterator[Finding]:
        """Ignite's `trainer = Engine(update)` whose `update` only backpropagates (one
        `loss.backward()` at its top level, no step, clear or `.grad`), and a handler of
        `Events.ITERATION_COMPLETED(every=N)` (N > 1, a literal or a name the module binds once to
        one) stepping an optimizer and clearing it after: the accumulation window of N iterations
        sums N full losses. Fixed by dividing the backpropagated loss by N."""
        source = model.source
        for trainer, process, handler, event, _holder in ignite_handlers(model, "ITERATION_COMPLETED", every=True):
            count = ignite_every(event, source)  # `every=N`, or an `event_filter=` testing `count % N == 0`
            if count is None or _module_int(count, source) is None:
                continue
            body = handler.body
            steps = [i for i, stmt in enumerate(body) if _plain_call(stmt, "step")]
            clears = [i for i, stmt in enumerate(body) if _plain_call(stmt, "zero_grad")]
            if len(steps) != 1 or not clears or clears[0] < steps[0] or _WINDOW_TOUCHES.search(source.segment(handler)):
                continue
            optimizer = source.key(body[steps[0]].value.func.value)  # type: ignore[attr-defined]
            info = model.facts.info(optimizer)
            if info is None or info.kind != "optimizer" or source.key(body[clears[0]].value.func.value) != optimizer:  # type: ignore[attr-defined]
                continue
            # the body only: a process function named for what the handler makes of it
            # (`def accumulate(engine, batch):`) says nothing about its statements
            text = "\n".join(source.segment(stmt) for stmt in process.body)
            if _PROCESS_TOUCHES.search(text):
                continue
            backwards = [n for n in ast_walk(process) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "backward"]
            if len(backwards) != 1:
                continue
            call = backwards[0]
            statement = next((stmt for stmt in process.body if isinstance(stmt, ast.Expr) and stmt.value is call), None)
            if statement is None or call.args or call.keywords or not isinstance(call.func.value, ast.Name):
                continue
            name = call.func.value.id
            bindings = [
                n for n in ast_walk(process)
                if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.NamedExpr, ast.For, ast.With))
                and any(isinstance(t, ast.Name) and t.id == name for t in ast_walk(n) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store))
            ]
            if len(bindings) != 1 or not isinstance(bindings[0], ast.Assign) or not any(bindings[0] is stmt for stmt in process.body):
                continue
            value = bindings[0].value
            if not isinstance(value, ast.Call) or any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div) for n in ast_walk(value)):
                continue  # (a loss divided already, or not a plain loss call)
            shown = source.code(count)
            fix = Fix([ReplaceNode(call.func.value, f"({name} / {shown})", statement)], Safety.SAFE)
            yield Finding(
                self.code,
                self.ignite_message.format(
                    call=source.code(call), trainer=trainer, n=shown, opt=optimizer,
                    event=source.code(event.keywords[0]),  # type: ignore[attr-defined]
                ),
                call,
                fix=fix,
                related=(handler,),
            )

    def _micro_batch_loops(self, model: ModuleModel) -> Iterator[Finding]:
        """nanoGPT's shape: `for micro_step in range(gradient_accumulation_steps):` holds the
        backward, and the step follows that inner loop in the iteration around it."""
        source = model.source
        by_node = {id(lp.node): lp for lp in model.loops}
        for inner in model.loops:
            if inner.is_unknown or not isinstance(inner.node, FOR_LOOPS):
                continue
            n = _micro_batch_count(inner.node, model)
            if n is None:
                continue
            around = _iteration_around(inner, by_node, model)
            if around is None:
                continue
            outer_node, all_events = around
            events = [e for e in all_events if inner.node in e.home_loops or e.home_loops[-1:] == (outer_node,)]
            backwards = [e for e in events if e.kind is EventKind.BACKWARD]
            inside = [e for e in events if inner.node in e.home_loops]
            after = [e for e in events if e.home_loops[-1:] == (outer_node,)]
            if len(backwards) != 1 or any(e.kind is not EventKind.BACKWARD for e in inside):
                continue  # a step, a clear, a clip or a gradient read per micro-batch: not this shape
            backward = backwards[0]
            if not backward.direct or backward.engine or backward.target is not None or backward.loss is None:
                continue
            if backward.branches_within(outer_node) or backward.home_loops[-1] is not inner.node:
                continue
            steps = [e for e in after if e.kind is EventKind.STEP]
            position = next(i for i, stmt in enumerate(outer_node.body) if stmt is inner.node)
            in_callers = False
            if not steps and isinstance(outer_node, FUNCTIONS) and not any(any(e.path[0] is stmt for stmt in outer_node.body[position + 1 :]) for e in all_events if e.path):
                # `def forward_backward(self, batch):` holds the micro-batch loop and ends with
                # it; `run_step` calls it, then steps: the step is in the callers
                steps = _steps_after_every_call(outer_node, model)
                in_callers = True
            if not steps or any(s.engine or s.target is None or (not in_callers and s.branches_within(outer_node)) for s in steps):
                continue
            if not in_callers and any(not any(any(p is stmt for p in s.path) for stmt in outer_node.body[position + 1 :]) for s in steps):
                continue  # a step before the micro-batch loop
            # `range(0, len(x), micro_bs)`: the count is how many slices it gives
            n_text = f"len({source.code(n)})" if n is inner.node.iter else source.code(n)
            loss = backward.loss
            if _lr_divided_by(source.text, n_text) or _mentions(inner.node.body, n_text, source):
                continue
            unread: list[ast.Call] = []
            # (`inner`: a product by a per-sample weight of the micro-batch is no 1/N scaling)
            if _scaled(loss, inner.node.body, model, n_text, inner, unread) or _sum_reduced(loss, inner.node.body, model):
                continue
            call = backward.call
            assert call is not None
            fix = None if unread else _fix(backward, loss, n_text, source)
            if n is inner.node.iter and _rebinds_what_it_reads(inner.node.body, n):
                fix = None  # (the count written at the backward would read another batch)
            if fix is not None and (not _counted_by_range(inner.node.iter) or n is inner.node.iter):
                # `x.chunk(N)` (or a generator of the module) cuts a short batch into fewer than N;
                # `range(0, B, micro_bs)` leaves a shorter last slice, weighed as a whole one
                fix = Fix(fix.edits, Safety.UNSAFE)
            yield Finding(
                self.code,
                self.message.format(loss=source.code(loss), n=n_text),
                call,
                fix=fix,
                related=(outer_node,),
            )

    def check_accumulation(self, acc: Accumulation, model: ModuleModel) -> Finding | None:
        if not acc.by_one:
            return None  # `seen += x.size(0)` ... `if seen % 16 == 0:`: N counts samples, not micro-batches
        if cleared_where_it_steps(acc, model.source):
            return None  # every window holds one micro-batch: GF015's business, not a division
        if len(acc.backwards) == 2 and _exclusive(acc.backwards[0], acc.backwards[1], acc.loop.node):
            # `if use_amp: scaler.scale(loss).backward()` / `else: loss.backward()`: one backward
            # per micro-batch, whichever runs; both are divided, or neither is reported
            found = [self._unscaled(backward, acc, model) for backward in acc.backwards]
            if not all(b.direct for b in acc.backwards):
                return None
            if any(f is None for f in found):
                # `if amp: (loss / N).backward()` / `else: loss.backward()`: the arm that
                # divides reads N; the other still backpropagates the whole loss
                n_text = model.source.code(acc.periodic.n)
                fork = _fork(acc.backwards[0], acc.backwards[1])
                if fork is None or (fork is not acc.periodic.holder and _tests_n(fork.test, n_text, model)):
                    # `if accum > 1: (loss / accum).backward()` / `else: loss.backward()`; but the
                    # window's own arms (`if (i + 1) % N != 0:` under `no_sync()` / `else:`) must agree
                    return None
                for index, backward in enumerate(acc.backwards):
                    expr = _apex_scaled(backward, model) or backward.loss
                    if _divided_by(expr, n_text, model.source):
                        return self._unscaled(acc.backwards[1 - index], acc, model, divided=expr)
                return None
            first, second = found
            if first.message != second.message:  # type: ignore[union-attr]
                # `with amp.scale_loss(loss, optim) as scaled: scaled.backward()` / `else:
                # loss.backward()`: apex's arm backpropagates the same loss, scaled
                plain = [f for f, b in zip(found, acc.backwards) if _apex_scaled(b, model) is None]
                scaled = [_apex_scaled(b, model) for b in acc.backwards]
                texts = {model.source.code(b.loss) for b in acc.backwards if b.loss is not None and _apex_scaled(b, model) is None}
                if len(plain) != 1 or {model.source.code(x) for x in scaled if x is not None} != texts:
                    return None  # another loss in each branch
                first = plain[0]
            if any(f.fix is None for f in found):  # type: ignore[union-attr]
                return Finding(first.code, first.message, first.node, related=first.related)  # type: ignore[union-attr]
            edits = [edit for f in found for edit in f.fix.edits]  # type: ignore[union-attr]
            return Finding(first.code, first.message, first.node, fix=Fix(edits, Safety.SAFE), related=first.related)  # type: ignore[union-attr]
        if len(acc.backwards) == 2:
            return self._one_of_two_divided(acc, model)
        if len(acc.backwards) != 1:
            return None
        return self._unscaled(acc.backwards[0], acc, model)

    def _one_of_two_divided(self, acc: Accumulation, model: ModuleModel) -> Finding | None:
        """Two backwards run on every micro-batch, one per model (`(crit(model(x), y) /
        ACC).backward()` then `crit(head(x), y).backward()`, `opt` and `h_opt` stepped in the
        window), and only one is divided by N: the other is reported, when gradfix sees that
        the two losses call modules of different optimizers stepped in the window, and none of
        one optimizer in both (a loss split into a divided term and another over the same
        parameters is the author's weighting, as `ce / N + reg` is)."""
        first, second = acc.backwards
        if not (first.direct and second.direct) or first.loss is None or second.loss is None:
            return None
        if [(id(b.node), b.kind) for b in first.branches_within(acc.loop.node)] != [
            (id(b.node), b.kind) for b in second.branches_within(acc.loop.node)
        ]:
            return None  # not both on every micro-batch
        source = model.source
        n_text = source.code(acc.periodic.n)
        divided = [_divided_by(b.loss, n_text, source) for b in acc.backwards]
        if divided.count(True) != 1:
            return None
        plain = acc.backwards[divided.index(False)]
        scaled = acc.backwards[divided.index(True)]
        if not _separate_models(scaled, plain, acc, model):
            return None
        return self._unscaled(plain, acc, model, divided=scaled.loss)

    def _unscaled(  # noqa: C901
        self, backward: GradEvent, acc: Accumulation, model: ModuleModel, divided: ast.expr | None = None
    ) -> Finding | None:
        """`divided`: the other arm's loss divided by N, a reading of N that is no use of it."""
        if backward.loss is None or backward.engine:
            return None
        if _lr_divided_by(model.source.text, model.source.code(acc.periodic.n)):
            return None  # `SGD(params, lr=LR / ACC)`: summed gradients at lr / N are the mean at lr
        if not backward.direct and backward.argument is None:
            return self._in_helper(backward, acc, model)
        if not backward.direct and not _helper_backpropagates_as_given(backward, model):
            return None
        by_one = False  # `accelerator.backward(loss)` of an `Accelerator()` given no accumulation setting
        if backward.target is not None and (backward.divides is not None or backward.source is not None):
            by_one = backward.source is None and _accelerator_without_setting(backward, model)
            if not by_one:
                return None  # `accelerator.backward`, a DeepSpeed engine: the library divides
        elif backward.target is not None and not _library_backward_without_division(backward, model):
            return None
        call = backward.call
        if call is None:
            return None
        if (
            isinstance(call.func, ast.Attribute)
            and call.func.value is backward.loss
            and (call.args or any(k.arg == "gradient" for k in call.keywords))
        ):
            return None  # `loss.backward(scale)`: the gradient it starts from may carry the division
        if handled_by_hand_per_micro_batch(acc, model):
            return None  # each micro-batch's gradient is handled by hand (clipped, stashed...)
        if backward.loops_within(acc.loop.node):
            # one backward per chunk or query tuple of the micro-batch (a loop of its own): the
            # micro-batch's gradient is already a sum of parts, as a summed loss's would be
            return None
        source = model.source
        n = acc.periodic.n
        n_text = source.code(n)
        dead = _divided_after_backward(acc, n_text, source)  # `loss.backward(); loss = loss / N`
        if _mentions_n_elsewhere(acc, n_text, source, divided, dead):
            return None
        loss = backward.loss if backward.direct else backward.argument
        assert loss is not None
        unread: list[ast.Call] = []  # `self.compute_loss(...)` whose code gradfix cannot see
        if _scaled(loss, acc.loop.node.body, model, n_text, acc.loop, unread, dead):
            return None
        if _sum_reduced(loss, acc.loop.node.body, model):
            return None  # micro-batch sums add up to the whole batch's sum: nothing to divide
        if _times_reciprocal(loss, acc, model):
            return None  # `(0.25 * loss).backward()` with N = 4: divided already
        if not backward.direct and _helper_mentions_scaling(backward, model, n_text):
            return None
        passed = _passed_loss_callables(loss, acc, model)
        if passed is not None and any(_callable_may_scale(key, model, n_text) for key in passed):
            return None  # `loss_fn(out, y)` of a parameter the file's calls fill with a loss that divides
        if passed is not None and _passed_elsewhere_may_scale(loss, acc, model, n_text):
            return None  # ... or that a caller in another file of the project fills so
        handed = None if _n_readable_in_loop(acc, n_text) else _n_handed_to_the_helper(acc, source)
        if handed is not None:
            # `maybe_step(opt, i, ACCUM)` into `def maybe_step(opt, i, every)`: N as the loop spells it
            n_text = source.code(handed)
            if _lr_divided_by(source.text, n_text):
                return None  # `SGD(params, lr=LR / ACCUM)`: summed gradients at lr / N are the mean at lr
            dead = _divided_after_backward(acc, n_text, source)
            if (
                _mentions_n_elsewhere(acc, n_text, source, divided, dead, handed=handed)
                or _scaled(loss, acc.loop.node.body, model, n_text, acc.loop, None, dead)
                or not backward.direct and _helper_mentions_scaling(backward, model, n_text)
            ):
                handed = None  # the loop reads it elsewhere: keep the finding as it was, without a fix
                n_text = source.code(n)
        readable = handed is not None or _n_readable_in_loop(acc, n_text)
        fix = None if by_one or unread or not readable else _fix(backward, loss, n_text, source)
        if fix is not None and switched_off_by_none(acc.periodic, source):
            fix = None  # `N is None or (i + 1) % N == 0`: dividing by N would raise when N is None
        return Finding(
            self.code,
            self.message.format(loss=source.code(loss), n=n_text),
            call if backward.direct else backward.via[0],
            # `accelerate launch --gradient_accumulation_steps` may still set what the code does not;
            # a window tested in a helper (`maybe_step(opt, i, ACCUM)`) names N as the helper does
            fix=fix,
            related=(acc.loop.node,),
        )


    def _in_helper(self, backward: GradEvent, acc: Accumulation, model: ModuleModel) -> Finding | None:
        """A helper the loop calls computes a loss and backpropagates it whole
        (`micro_step(model, x, y)` running `loss = crit(model(x), y); loss.backward()`):
        reported at the call, without a fix (dividing in the helper would change its other
        callers), when the helper is called directly from the iteration, runs a plain
        `backward()` on its own loss, and neither divides, mentions N, accumulation, scaling or
        a summing reduction, nor registers hooks."""
        call = backward.call
        if not 1 <= len(backward.via) <= 3 or call is None or backward.target is not None or any(h is None for h in backward.helpers):
            return None
        if method_name(call) != "backward" or call.args or any(k.arg in (None, "gradient") for k in call.keywords):
            return None
        # the helper the iteration calls, or a chain of them each calling the next (an override
        # `train_step` returning `self.calc_losses(data)`, whose code backpropagates): the last
        # one holds the backward
        infos = [model.helper_infos.get(id(helper)) for helper in backward.helpers]
        info = infos[-1]
        if info is None or None in infos or not isinstance(call.func, ast.Attribute) or call.func.value is not backward.loss:
            return None
        if handled_by_hand_per_micro_batch(acc, model):
            return None
        source = model.source
        n_text = source.code(acc.periodic.n)
        if _mentions_n_elsewhere(acc, n_text, source) or _helper_mentions_scaling(backward, model, n_text):
            return None
        for passing in infos[:-1]:
            text = (passing.source or source).segment(passing.node)  # type: ignore[union-attr]
            if _may_divide(text, n_text) or "scale" in text.replace("scaler.scale(", ""):
                return None  # a helper on the way may scale what it hands on
        inner = (*backward.via[1:], call)
        for helper, called in zip(backward.helpers, inner) if len(backward.via) > 1 else ():
            if any(
                isinstance(node, (ast.For, ast.AsyncFor, ast.While)) and node.lineno <= called.lineno <= node.end_lineno  # type: ignore[operator]
                for node in ast_walk(helper)
            ):
                return None  # one backward per chunk (a loop in a helper): the micro-batch's gradient is a sum of parts
        owner = (info.facts or model.facts).classes.get(info.class_name or "")
        text = (info.source or source).segment(owner if owner is not None else info.node)
        if any(word in t for t in (text, source.text) for word in ("reduction", "size_average")) or "hook" in text.lower():
            return None  # a summing criterion may be handed in
        if (info.source or source).code(backward.loss).rstrip(")").endswith(".sum("):
            return None
        loss = (info.source or source).code(backward.loss)
        helper = source.code(backward.via[0].func)
        message = self.helper_message.format(helper=helper, loss=loss, n=n_text)
        return Finding(self.code, message, backward.via[0], related=(acc.loop.node,))


def _separate_models(scaled: GradEvent, plain: GradEvent, acc: Accumulation, model: ModuleModel) -> bool:
    """The two losses of one micro-batch train different optimizers' modules: each calls a
    module of an optimizer stepped in the window (one built over `x.parameters()`) that the
    other loss does not reach, and no such optimizer has a module called by both."""
    from gradfix.analysis.graphs import describe_backward
    from gradfix.analysis.shared_graphs import GraphFlow, optimizer_owners, owns

    facts = model.facts
    owners: list[set[str]] = []
    for target in acc.targets:
        info = facts.info(target)
        if info is None or info.kind != "optimizer" or info.params is None:
            return False
        found = optimizer_owners(info.params, model.source)
        if not found:
            return False
        owners.append(found)
    graphs = GraphFlow(acc.loop.node, model.source, facts.imports.qualify)
    reached: list[list[bool]] = []
    for backward in (scaled, plain):
        described = describe_backward(backward)
        if described is None:
            return False
        sliced = graphs.slice(described.loss, backward.statement)
        if sliced is None:
            return False
        keys = [key for unit in sliced.units for _, key in graphs.graph(unit).forwards]
        keys += [key for _, key in graphs.forwards_of(described.loss)]
        reached.append([any(k is not None and owns(o, k) for k in keys for o in own) for own in owners])
    pairs = list(zip(*reached))
    return (True, False) in pairs and (False, True) in pairs and (True, True) not in pairs


def _iteration_around(
    inner: TrainingLoop, by_node: dict[int, TrainingLoop], model: ModuleModel
) -> tuple[ast.For | ast.AsyncFor | ast.While | ast.FunctionDef | ast.AsyncFunctionDef, list[GradEvent]] | None:
    """What one iteration around the micro-batch loop `inner` runs: the loop whose body holds it
    (and its events), or the function whose body holds it when no loop of the function is
    around it (`def train_step(x, y):` cutting one batch into chunks, called once per batch by
    a loop or a framework), walked as one iteration."""
    if inner.enclosing_loops:
        outer = by_node.get(id(inner.enclosing_loops[-1]))
        if outer is None or outer.is_unknown or not any(s is inner.node for s in outer.node.body):
            return None
        return outer.node, outer.events
    function = inner.function
    if function is None or not any(s is inner.node for s in function.body):
        return None
    from gradfix.analysis.facts import function_params
    from gradfix.analysis.loops import walk_as_iteration

    facts = model.facts
    class_name = next((name for name, methods in facts.methods.items() if any(m.node is function for m in methods.values())), None)
    events = walk_as_iteration(facts, FunctionInfo(function, function_params(function), class_name, facts.source, facts))
    if any(e.kind is EventKind.UNKNOWN for e in events):
        return None
    return function, events


def _steps_after_every_call(function: ast.FunctionDef | ast.AsyncFunctionDef, model: ModuleModel) -> list[GradEvent]:
    """The steps that follow each call of `function` (a method called as `self.<name>(...)` by
    the methods of its class, or a function of the module called by name), when the module
    calls it at least once and every call is a statement of its own whose next gradient event
    in the calling function is a step of an optimizer written in the same block (`self.
    forward_backward(batch); self.opt.step()`); none otherwise (a call that does not step
    next may want the gradients as they are)."""
    from gradfix.analysis.facts import function_params
    from gradfix.analysis.loops import walk_as_iteration

    facts = model.facts
    name = function.name
    class_name = next((c for c, methods in facts.methods.items() if any(m.node is function for m in methods.values())), None)
    if class_name is None and facts.module_functions.get(name) is None:
        return []
    # `self.<name>(...)` in another class that defines its own `<name>` calls that one
    elsewhere = {
        id(node)
        for other, methods in facts.methods.items() if other != class_name and name in methods
        for method in methods.values() for node in ast_walk(method.node)
    }  # fmt: skip
    calls: list[ast.Call] = []
    for node in ast_walk(model.source.tree):
        if not isinstance(node, ast.Call) or id(node) in elsewhere:
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == name:
            if class_name is None or not (isinstance(func.value, ast.Name) and func.value.id == "self"):
                return []  # `trainer.forward_backward(...)`: a call we cannot place
            calls.append(node)
        elif isinstance(func, ast.Name) and func.id == name:
            if class_name is not None:
                return []
            calls.append(node)
    if not calls:
        return []
    callers = (
        [(class_name, m.node) for m in facts.methods[class_name].values()] if class_name is not None
        else [(None, f.node) for f in facts.module_functions.values()]
    )
    steps: list[GradEvent] = []
    for call in calls:
        caller = next(
            (
                (owner, fn) for owner, fn in callers
                if fn is not function and any(n is call for stmt in fn.body for n in ast_walk(stmt))
            ),
            None,
        )  # fmt: skip
        if caller is not None:
            owner, fn = caller
            events = walk_as_iteration(facts, FunctionInfo(fn, function_params(fn), owner, facts.source, facts))
        else:
            # the module's own training loop calls it (`for x, y in loader: accumulate(...);
            # opt.step()`): that loop's events, the call in its own body
            around = [lp for lp in model.loops if any(e.via and e.via[0] is call and e.home_loops[-1:] == (lp.node,) for e in lp.events)]
            if len(around) != 1 or around[0].is_unknown or around[0].function is not None:
                return []  # called in a nested function, a class body...
            events = around[0].events
        through = [i for i, e in enumerate(events) if e.via and e.via[0] is call]
        if not through or any(e.kind is EventKind.UNKNOWN for e in events):
            return []
        first, last = through[0], through[-1]
        if through != list(range(first, last + 1)) or last + 1 >= len(events):
            return []
        called, step = events[first], events[last + 1]
        statement = called.path[-1]
        if not (isinstance(statement, ast.Expr) and statement.value is call):
            return []  # `out = self.forward_backward(...)`: what it returns is used
        if step.kind is not EventKind.STEP or not step.direct or step.blocks[-1] is not called.blocks[-1]:
            return []
        block = called.blocks[-1]
        if next(i for i, s in enumerate(block) if s is statement) > next(i for i, s in enumerate(block) if s is step.path[-1]):
            return []
        steps.append(step)
    return steps


def _counted_by_range(iterable: ast.expr) -> bool:
    return isinstance(iterable, ast.Call) and call_name(iterable) == "range"


def _micro_batch_count(loop: ast.For | ast.AsyncFor, model: ModuleModel) -> ast.expr | None:
    """N of `for micro_step in range(N):` with N named for accumulation
    (`gradient_accumulation_steps`, `accum_iter`, `num_micro_batches`, `subdivisions`), of
    `x.chunk(N)`, or of a generator function of the module given N (`for xb, yb in
    split_batch(x, y, subdivisions):`, its body yielding in a loop)."""
    iterable = loop.iter
    chunks = _chunk_count(iterable)
    if chunks is not None:
        return chunks
    sliced = _sliced_count(iterable)
    if sliced is not None:
        return sliced
    if isinstance(iterable, ast.Call) and (
        (isinstance(iterable.func, ast.Name) and iterable.func.id in model.facts.module_functions)
        or _imported_callee(iterable.func, model)
    ):
        return _generator_count(iterable, model)
    if not (isinstance(iterable, ast.Call) and call_name(iterable) == "range" and len(iterable.args) == 1 and not iterable.keywords):
        return None
    n = iterable.args[0]
    text = last_name(dotted(n) or "") if dotted(n) is not None else ""
    if isinstance(n, ast.Subscript) and dotted(n.value) is not None and isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str):
        text = n.slice.value  # `range(config["gradient_accumulation_steps"])`
    return n if _ACCUMULATION_COUNT.search(text) else None


def _rebinds_what_it_reads(body: list[ast.stmt], expr: ast.expr) -> bool:
    """A statement of `body` binds a name `expr` reads (or an attribute of one)."""
    read = {node.id for node in ast_walk(expr) if isinstance(node, ast.Name)}
    for stmt in body:
        for node in ast_walk(stmt):
            if isinstance(node, (ast.Name, ast.Attribute)) and not isinstance(node.ctx, ast.Load):
                root = dotted(node)
                if root is not None and root.split(".", 1)[0] in read:
                    return True
    return False


def _sliced_count(iterable: ast.expr) -> ast.expr | None:
    """`range(0, B, micro_bs)` with the step named for micro-batches (`self.microbatch`,
    `micro_batch_size`, `chunk_size` is not): the loop's start of each slice of a batch
    (`micro = batch[i : i + self.microbatch]`); the count of micro-batches is `len()` of that
    range, returned as the range itself."""
    if not (isinstance(iterable, ast.Call) and call_name(iterable) == "range" and len(iterable.args) == 3 and not iterable.keywords):
        return None
    start, _, size = iterable.args
    if int_value(start) != 0 or dotted(size) is None:
        return None
    return iterable if _ACCUMULATION_COUNT.search(last_name(dotted(size))) else None  # type: ignore[arg-type]


def _chunk_count(iterable: ast.expr) -> ast.expr | None:
    """N of `for xb, yb in zip(x.chunk(N), y.chunk(N)):` (or `x.chunk(N)`, `torch.chunk(x, N)`):
    the batch cut into N micro-batches (fewer when it is shorter than N: the fix is unsafe)."""
    calls = iterable.args if isinstance(iterable, ast.Call) and call_name(iterable) == "zip" else [iterable]
    counts: list[ast.expr] = []
    for call in calls:
        if not isinstance(call, ast.Call) or call.keywords:
            return None
        if method_name(call) == "chunk" and isinstance(call.func, ast.Attribute) and dotted(call.func.value) not in ("torch",) and len(call.args) == 1:
            counts.append(call.args[0])
        elif call_name(call) == "torch.chunk" and len(call.args) == 2:
            counts.append(call.args[1])
        else:
            return None
    if not counts or len({ast.dump(c) for c in counts}) != 1:
        return None
    n = counts[0]
    return n if dotted(n) is not None or int_value(n) is not None else None


def _generator_count(call: ast.Call, model: ModuleModel) -> ast.expr | None:
    """N of `split_batch(x, y, subdivisions)`: a generator function of the module (a `yield` in
    a loop of its own body) given one argument named for accumulation or chunks, or one of
    another module of the project (`utils.subdivide_batch(batch, subdivisions)`, or imported
    by name)."""
    named = [
        arg for arg in (*call.args, *(k.value for k in call.keywords))
        if dotted(arg) is not None and _ACCUMULATION_COUNT.search(last_name(dotted(arg)))  # type: ignore[arg-type]
    ]  # fmt: skip
    if len(named) != 1:
        return None  # asked first: the other module is read only for a call given such a count
    facts = model.facts
    func = call.func
    info = facts.module_functions.get(func.id) if isinstance(func, ast.Name) else None
    if info is None and _imported_callee(func, model):
        qualified = facts.imports.qualify(dotted(func) or "")
        info = _project_function(qualified, model) if qualified and "." in qualified else None
    if info is None or not isinstance(info.node, (ast.FunctionDef, ast.AsyncFunctionDef)) or info.node.args.vararg is not None:
        return None
    if not any(
        isinstance(node, FOR_LOOPS) and any(isinstance(y, (ast.Yield, ast.YieldFrom)) for y in ast_walk(node))
        for node in ast_walk(info.node)
    ):
        return None
    return named[0]


def _imported_callee(func: ast.expr, model: ModuleModel) -> bool:
    """`subdivide(...)` imported by name, `utils.subdivide(...)` of an imported module, in a
    file of a project."""
    if model.facts.project is None:
        return False
    root = func.id if isinstance(func, ast.Name) else func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else None
    return root is not None and root in model.facts.imports.aliases


_ACCUMULATION_COUNT = lazily(r"accum|grad_?acc|micro|^gas$|sub_?batch|subdiv|chunks", re.I)


def _says(text: str, word: str | None) -> bool:
    """`word` appears in `text` as a whole name (`n` is not in `nn.functional`)."""
    return bool(word) and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None  # type: ignore[arg-type]


def _mentions(body: list[ast.stmt], n_text: str, source: Source) -> bool:
    """N appears in the micro-batch loop's body (a division or a scale of its own), not only
    in a formatted string (`f"loss {total / subdivisions:.3f}"` logs a number) or in DDP's
    sync flag for the last micro-batch (`model.require_backward_grad_sync = (micro_step ==
    gradient_accumulation_steps - 1)`, nanoGPT's: it scales nothing)."""
    for stmt in body:
        text = source.segment(stmt)
        if not _says(text, n_text):
            continue
        start = source.start(stmt)
        for node in ast_walk(stmt):
            if isinstance(node, ast.JoinedStr) or _sync_flag(node):
                first, last = source.start(node) - start, source.end(node) - start
                text = text[:first] + " " * (last - first) + text[last:]
        if _says(text, n_text):
            return True
    return False


def _sync_flag(node: ast.AST) -> bool:
    """`model.require_backward_grad_sync = ...`: DDP's all-reduce switched on for the last micro-batch."""
    return isinstance(node, ast.Assign) and all(
        isinstance(target, ast.Attribute) and target.attr == "require_backward_grad_sync" for target in node.targets
    )


def _lr_divided_by(text: str, n_text: str) -> bool:
    """A learning rate divided by N somewhere in the module: `lr=0.05 / ACC`,
    `g["lr"] /= ACC`, `lr = base_lr / args.accum_steps`, also under a name that holds `lr` or
    `learning_rate` in any case (`base_lr = cfg["LR"] / batch / N`, `LR = 0.4 / N`). Called
    only for a loop about to be reported. An attribute N (`self.accum_iter`) is also read
    under its last name, qualified or not (`learning_rate / accum_iter` in `__init__`)."""
    n = re.escape(n_text)
    if re.fullmatch(r"[A-Za-z_][\w.]*\.\w+", n_text):
        n = rf"(?:[A-Za-z_][\w.]*\.)?{re.escape(n_text.rsplit('.', 1)[1])}"
    rate = r"\b(?i:\w*?(?:lr|learning_rate)\w*)['\"]?\]?\s*"
    for match in re.finditer(rf"/(=?)\s*\(?\s*{n}\b", text):  # a literal first: never tried at every position
        head = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
        if match.group(1) and re.search(rf"{rate}$", head) or not match.group(1) and re.search(rf"{rate}(?:=|:)\s*[^\n,)]*$", head):
            return True
    return False


def _exclusive(a: GradEvent, b: GradEvent, loop: ast.AST) -> bool:
    """The two events sit in the two branches of one `if` (its body and its `else`), under the
    same branches around it: exactly one of them runs per iteration."""
    outer_a = [(id(x.node), x.kind) for x in a.branches_within(loop)]
    outer_b = [(id(x.node), x.kind) for x in b.branches_within(loop)]
    for index, ((node_a, kind_a), (node_b, kind_b)) in enumerate(zip(outer_a, outer_b)):
        if node_a != node_b:
            return False
        if kind_a != kind_b:
            return {kind_a, kind_b} == {"if", "else"} and outer_a[:index] == outer_b[:index]
    return _retried(a, b, loop)


def _retried(a: GradEvent, b: GradEvent, loop: ast.AST) -> bool:
    """`try: loss.backward()` / `except RuntimeError: loss = loss.mean(); loss.backward()`:
    `b` runs in a handler of a `try` whose body holds `a`, under the same branches around it;
    the retry runs only when the first backward raised (before it accumulated anything)."""
    outer_a = [(id(x.node), x.kind) for x in a.branches_within(loop)]
    branches_b = b.branches_within(loop)
    for index, branch in enumerate(branches_b):
        if branch.kind != "except":
            continue
        tries = [t for t in a.path if isinstance(t, TRIES) and any(h is branch.node for h in t.handlers)]
        if tries and any(s is stmt for s in a.path for stmt in tries[0].body):
            return outer_a == [(id(x.node), x.kind) for x in branches_b[:index]]
    return False


def _helper_backpropagates_as_given(backward: GradEvent, model: ModuleModel) -> bool:
    """The backward runs in a helper the loop calls (`grad_acc.backward(loss)`, a method of
    the project whose body runs `loss.backward()`) on one of its parameters as the caller
    gave it (`GradEvent.argument`), as a plain `param.backward()` or `scaler.scale(param)
    .backward()` with no gradient argument, and nothing in the helper's class registers
    hooks (which may rescale gradients behind the loss's back)."""
    call = backward.call
    if backward.argument is None or len(backward.via) != 1 or call is None or backward.target is not None:
        return False
    if method_name(call) != "backward" or call.args or any(k.arg in (None, "gradient") for k in call.keywords):
        return False
    info = model.helper_infos.get(id(backward.helpers[0]))
    if info is None:
        return False
    owner = (info.facts or model.facts).classes.get(info.class_name or "")
    for node in ast_walk(owner if owner is not None else info.node):
        name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
        if "hook" in name.lower():
            return False  # `p.register_hook(...)`, `register_post_accumulate_grad_hook`...
    return True


def _helper_mentions_scaling(backward: GradEvent, model: ModuleModel, n_text: str) -> bool:
    """The helper holding the backward divides something, or mentions N or accumulation:
    it may scale the gradients its own way."""
    for helper in (backward.helpers[0], backward.helpers[-1]):
        info = model.helper_infos[id(helper)]
        text = (info.source or model.source).segment(info.node)
        if _may_divide(text, n_text) or "scale" in text.replace("scaler.scale(", ""):
            return True
    return False


def _fix(backward: GradEvent, loss: ast.expr, n_text: str, source: Source) -> Fix | None:
    """`(loss / N).backward()`, or for a helper, its argument: `grad_acc.backward(loss / N)`."""
    call = backward.call
    assert call is not None
    text = source.outer_segment(loss)
    if not _atomic(loss, source):
        text = f"({text})"
    receiver = backward.direct and isinstance(call.func, ast.Attribute) and call.func.value is loss
    if receiver and getattr(call.func, "forwarded", False):
        receiver = False  # `_backward(loss)` read as `loss.backward()`: the loss is an argument in the text
    new_text = f"({text} / {n_text})" if receiver else f"{text} / {n_text}"
    return Fix([ReplaceNode(loss, new_text, backward.statement)], Safety.SAFE)


def _accelerator_without_setting(backward: GradEvent, model: ModuleModel) -> bool:
    """The backward's object is an `Accelerator(...)` built without `gradient_accumulation_steps`
    (nor a plugin): it divides by 1."""
    info = event_info(backward, model)
    if info is None or info.library != "accelerator":
        return False
    setting = info.accumulation
    if setting is not None and not (isinstance(setting, ast.Constant) and setting.value == 1 and not isinstance(setting.value, bool)):
        return False  # `gradient_accumulation_steps=1` divides by 1 as well
    return (info.constructor or "").rsplit(".", 1)[-1] == "Accelerator"


def _library_backward_without_division(backward: GradEvent, model: ModuleModel) -> bool:
    """`fabric.backward(loss)`, Lightning's `self.manual_backward(loss)`, timm's
    `loss_scaler(loss, optimizer)` (the object called): a library backward that the tables say
    divides by nothing."""
    from gradfix.analysis import frameworks

    method = (method_name(backward.call) or "__call__") if backward.call is not None else "backward"
    if backward.call is not None and backward.target is not None and model.source.key(backward.call.func) == backward.target:
        method = "__call__"  # `self.loss_scaler(loss, opt)`: the object called, not a method `loss_scaler`
    info = event_info(backward, model)
    library = info.library if info is not None and info.library else frameworks.named_kind(backward.target or "")
    if method == "manual_backward":
        library = "lightning-module"  # `self.manual_backward(loss)`: only Lightning's modules have it
    entry = frameworks.method(library, method)
    return entry is not None and entry.divides_by is None and frameworks.Effect.BACKWARD in entry.effects


def _atomic(expr: ast.expr, source: Source) -> bool:
    if source.parenthesized(expr):
        return True
    return isinstance(expr, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)) or is_number(expr)


# calls whose result is a linear function of their arguments: a division inside them divides the result
_LINEAR = frozenset({"mean", "sum", "nanmean", "nansum", "stack", "cat", "add", "sub", "mul", "div", "true_divide", "divide", "multiply", "float", "double", "half", "squeeze", "unsqueeze", "view", "reshape", "to"})


def _linear(call: ast.Call) -> bool:
    name = (call_name(call) or method_name(call) or "").rsplit(".", 1)[-1]
    return name in _LINEAR


class _Refs:
    """Names read by an expression, calls made in it, and whether it divides or scales."""

    def __init__(self, expr: ast.AST) -> None:
        self.names: set[str] = set()
        # names read only in the arguments of a call that is no linear reduction (`model(x)`,
        # `criterion(out, y)`): what feeds a model or a criterion; dividing it (`x / 255.0`)
        # does not scale the loss
        self.fed: set[str] = set()
        self.calls: list[ast.Call] = []
        self.scales = False
        # products by no literal (`loss * scale`, `logp * adv[mb]`): each may be a 1/N scaling
        self.products: list[ast.BinOp] = []
        indices: set[int] = set()  # nodes of a subscript's index: `data[i * bs:(i + 1) * bs]` scales no value
        arguments: set[int] = set()
        for node in walk_expression(expr):
            if id(node) in indices:
                continue
            if id(node) in arguments:
                if isinstance(node, ast.Name):
                    self.fed.add(node.id)
                continue
            if isinstance(node, ast.Subscript):
                indices.update(id(n) for n in walk_expression(node.slice))
            elif isinstance(node, ast.Call) and not _linear(node):
                for argument in [*node.args, *(k.value for k in node.keywords)]:
                    arguments.update(id(n) for n in walk_expression(argument))
            if isinstance(node, ast.Name):
                self.names.add(node.id)
            if isinstance(node, ast.Call):
                self.calls.append(node)
                method = method_name(node) or ""
                name = call_name(node) or ""
                if method in ("div", "div_", "divide", "true_divide", "mul", "mul_", "multiply") or name.endswith(
                    (".div", ".divide", ".true_divide", ".mul")
                ):
                    self.scales = True
            elif isinstance(node, ast.BinOp):
                if isinstance(node.op, (ast.Div, ast.FloorDiv)):
                    self.scales = True
                elif isinstance(node.op, ast.Mult):
                    if not (is_number(node.left) or is_number(node.right)):
                        self.products.append(node)


def _assignments(name: str, body: list[ast.stmt], dead: frozenset[int] = frozenset()) -> tuple[list[ast.expr | None], bool]:
    """Every binding of a name in a block (`x = ...`, `x += ...`, `a, x = ...`, `with ... as x`):
    the values (None: bound by something we do not read), and whether one scales it in place.
    `dead`: ids of statements left out (a division of the loss after its backward)."""
    values: list[ast.expr | None] = []
    scaled = False

    def binds(target: ast.AST) -> bool:
        if isinstance(target, (ast.Tuple, ast.List)):
            return any(binds(e) for e in target.elts)
        if isinstance(target, ast.Starred):
            return binds(target.value)
        return isinstance(target, ast.Name) and target.id == name

    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, FUNCTIONS) or id(node) in dead:
            continue
        if isinstance(node, ast.Assign):
            if any(binds(t) for t in node.targets):
                values.append(node.value)
        elif isinstance(node, ast.AnnAssign):
            if binds(node.target):
                values.append(node.value)
        elif isinstance(node, ast.AugAssign):
            if binds(node.target):
                if isinstance(node.op, (ast.Div, ast.Mult, ast.FloorDiv)):
                    scaled = True
                values.append(node.value)
        elif isinstance(node, FOR_LOOPS):
            if binds(node.target):
                values.append(None)
        elif isinstance(node, ast.withitem):
            if node.optional_vars is not None and binds(node.optional_vars):
                values.append(None)
        elif isinstance(node, ast.NamedExpr):
            if binds(node.target):
                values.append(node.value)
        stack.extend(child_nodes(node))
    return values, scaled


def _scaled(
    loss: ast.expr, body: list[ast.stmt], model: ModuleModel, n_text: str, loop: TrainingLoop | None = None,
    unknown: list[ast.Call] | None = None, dead: frozenset[int] = frozenset(),
) -> bool:
    """The loss may be scaled on its way to backward(): True unless we can see it is not
    (`body`: the loop body its names are followed in; `dead`: statements after the backward
    that are not on that way). A sum of terms is scaled only when
    every term may be (`ce + weight * aux` is not: the cross-entropy reaches backward whole).
    With `loop` (the accumulation loop), a product of a computed value by a per-sample weight
    (`logp * adv[mb]`, `per_sample * wb` with `wb` unpacked from the batch) scales nothing."""
    source = model.source
    names: dict[str, bool] = {}

    def maybe(expr: ast.AST, depth: int) -> bool:
        if depth > _MAX_DEPTH:
            return True
        if n_text and _says(source.code(expr), n_text):
            return True  # `ce / accum + reg`: a term divided by the count itself; the author handles it
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub)):
            return maybe(expr.left, depth) and maybe(expr.right, depth)
        refs = _Refs(expr)
        if refs.scales:
            return True
        for product in refs.products:
            if loop is None or not _weighted(product, loop, model, n_text):
                return True
        for call in refs.calls:
            if _helper_may_scale(call, model, n_text, unknown):
                return True
            if any(source.code(a) == n_text for a in [*call.args, *[k.value for k in call.keywords]]):
                return True
        for name in refs.names - refs.fed:
            if name not in names:
                names[name] = False  # (a name read again while it is followed: not scaled by that)
                values, scaled = _assignments(name, body, dead)
                names[name] = scaled or any(maybe(value, depth + 1) for value in values if value is not None)
            if names[name]:
                return True
        return False

    return maybe(loss, 0)


# names that may hold a count or its reciprocal: a factor named so may be the window's 1/N
_SCALE_WORD = lazily(r"scal|coef|factor|accum|recip|inv|frac|denom|norm|micro|count|steps|^num|^n_|^n$|lr", re.I)
# calls that keep a per-sample weight one: `wb.to(device)`, `adv[mb].unsqueeze(1)`
_WEIGHT_KEEPING = frozenset({"to", "float", "double", "half", "cuda", "detach", "unsqueeze", "squeeze", "view", "reshape", "flatten", "type", "type_as", "view_as", "expand_as"})


def _weighted(product: ast.BinOp, loop: TrainingLoop, model: ModuleModel, n_text: str) -> bool:
    """A product by no literal that is a per-sample weighting, not a scaling by 1/N: one factor
    is a weight read per micro-batch (a tensor indexed by something the loop computes,
    `adv[mb]`, `w[idx]`, or a value the loop unpacks from its batch, `for x, y, wb in
    loader:`) and the other computes a value (it calls something: `logp`, `F.mse_loss(...,
    reduction="none")`). Neither factor may name N, nor a name that reads as a scale or a
    count (`scale`, `inv_acc`, `coef`), nor be bound from them; a weight's tensor bound from N
    anywhere in the loop's function (`adv = raw / ACC`) is a scaling too."""
    source = model.source
    left, right = product.left, product.right
    if _says(source.code(left), n_text) or _says(source.code(right), n_text):
        return False
    body = loop.node.body
    scope = loop.function.body if loop.function is not None else model.source.tree.body  # type: ignore[attr-defined]
    targets = _loop_targets(loop)
    return any(
        _per_sample(w, body, scope, targets, source, n_text, 0) and _computes(v, body, source, n_text, 0, _batch_tensors(body, targets))
        for w, v in ((left, right), (right, left))
    )


def _loop_targets(loop: TrainingLoop) -> dict[str, ast.expr]:
    """The names the accumulation loop (and `for` loops in its body) bind per batch, with the
    iterable each comes from."""
    found: dict[str, ast.expr] = {}
    loops = [loop.node] if isinstance(loop.node, FOR_LOOPS) else []
    loops += [n for stmt in loop.node.body for n in ast_walk(stmt) if isinstance(n, FOR_LOOPS)]
    for node in loops:
        for name in ast_walk(node.target):  # type: ignore[union-attr]
            if isinstance(name, ast.Name):
                found[name.id] = node.iter  # type: ignore[union-attr]
    return found


def _scale_named(expr: ast.AST, source: Source, n_text: str, batch: frozenset[str] = frozenset(), rows: bool = False) -> bool:
    """The expression names N, or a name that reads as a scale or a count, not one of `batch`
    (the loop's tensors of the batch: `micro = batch[i : i + mb]` is no count); with `rows`,
    not in the index of a subscript either (`y[i : i + micro_bs]` selects rows, scales nothing)."""
    if _says(source.code(expr), n_text):
        return True
    indices: set[int] = set()
    for node in walk_expression(expr):
        if id(node) in indices:
            continue
        if rows and isinstance(node, ast.Subscript):
            indices.update(id(n) for n in walk_expression(node.slice))
        word = node.id if isinstance(node, ast.Name) and node.id not in batch else node.attr if isinstance(node, ast.Attribute) else None
        if word is not None and _SCALE_WORD.search(word):
            return True
    return False


def _per_sample(expr: ast.expr, body: list[ast.stmt], scope: list[ast.stmt], targets: dict[str, ast.expr], source: Source, n_text: str, depth: int) -> bool:
    """A weight read per micro-batch, not derived from N (see `_weighted`)."""
    if depth > 3:
        return False
    while isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr in _WEIGHT_KEEPING:
        if any(_scale_named(a, source, n_text) for a in [*expr.args, *(k.value for k in expr.keywords)]):
            return False
        expr = expr.func.value
    if isinstance(expr, ast.Name):
        if _SCALE_WORD.search(expr.id):
            return False
        if expr.id in targets:
            return not _scale_named(targets[expr.id], source, n_text)  # `for x, y, wb in loader:`
        values, scaled = _assignments(expr.id, body)  # `w = weights[idx]`
        return bool(values) and not scaled and all(
            v is not None and (_per_sample(v, body, scope, targets, source, n_text, depth + 1) or _sized_by_the_batch(v, body, targets, source, n_text))
            for v in values
        )
    if not isinstance(expr, ast.Subscript) or not isinstance(expr.value, (ast.Name, ast.Attribute)):
        return False
    base = expr.value
    if _scale_named(base, source, n_text):
        return False
    if isinstance(base, ast.Name) and base.id in targets:
        return not _scale_named(targets[base.id], source, n_text)  # `batch["weight"]`
    if isinstance(expr.slice, ast.Constant) or _scale_named(expr.slice, source, n_text):
        return False  # `w[0]`: one entry, not a micro-batch's
    if isinstance(base, ast.Name):
        # the tensor indexed, bound in the loop or its function from nothing that names N
        for block in (body, scope):
            values, scaled = _assignments(base.id, block)
            if scaled or any(v is not None and _scale_named(v, source, n_text) for v in values):
                return False
    return True


# calls whose value is the number they are given, or a value they are given for every sample
_COUNT_VALUED = frozenset({"tensor", "as_tensor", "scalar_tensor", "Tensor", "FloatTensor", "float", "int", "full", "full_like", "new_full", "new_tensor"})


def _sized_by_the_batch(value: ast.expr, body: list[ast.stmt], targets: dict[str, ast.expr], source: Source, n_text: str) -> bool:
    """A call told how many samples the (micro-)batch holds and nothing that reads as a count or
    a scale (`t, weights = sampler.sample(micro.shape[0], device)`, an importance sampler's
    per-sample weights): what it returns is per sample, a tensor of the batch, not a 1/N.
    The size is `len(x)`, `x.shape[0]` or `x.size(0)` of a tensor the loop binds per batch (a
    name it unpacks, or a slice by what it unpacks: `micro = batch[i : i + mb]`)."""
    if not isinstance(value, ast.Call) or isinstance(value.func, ast.Attribute) and value.func.attr in _WEIGHT_KEEPING:
        return False
    if _scale_named(value.func, source, n_text) or last_name(call_name(value) or "") in _COUNT_VALUED:
        return False  # `torch.tensor(len(x))` is the size itself, `torch.full(..., 0.25)` a scale
    batch = _batch_tensors(body, targets)
    arguments = [*value.args, *(k.value for k in value.keywords)]
    return any(_batch_size_of(a, batch) for a in arguments) and not any(_scale_named(a, source, n_text, batch) for a in arguments)


def _batch_tensors(body: list[ast.stmt], targets: dict[str, ast.expr]) -> frozenset[str]:
    """The names the loop binds per batch (`for x, y in loader:`, `for i in range(...)`) and
    the names its body binds once to a slice by one of them (`micro = batch[i : i + mb]`)."""
    sliced = set()
    for stmt in body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Subscript):
            name = stmt.targets[0].id
            values, scaled = _assignments(name, body)
            if len(values) == 1 and not scaled and any(isinstance(n, ast.Name) and n.id in targets for n in walk_expression(stmt.value.slice)):
                sliced.add(name)
    return frozenset(targets) | frozenset(sliced)


def _batch_size_of(expr: ast.expr, batch: frozenset[str]) -> bool:
    """`len(x)`, `x.shape[0]` or `x.size(0)` of a tensor of the batch (see `_sized_by_the_batch`)."""
    tensor: ast.expr | None = None
    if isinstance(expr, ast.Call) and call_name(expr) == "len" and len(expr.args) == 1 and not expr.keywords:
        tensor = expr.args[0]
    elif isinstance(expr, ast.Subscript) and int_value(expr.slice) == 0 and isinstance(expr.value, ast.Attribute) and expr.value.attr == "shape":
        tensor = expr.value.value
    elif isinstance(expr, ast.Call) and method_name(expr) == "size" and len(expr.args) == 1 and int_value(expr.args[0]) == 0:
        tensor = expr.func.value  # type: ignore[attr-defined]
    return isinstance(tensor, ast.Name) and tensor.id in batch


def _computes(expr: ast.expr, body: list[ast.stmt], source: Source, n_text: str, depth: int, batch: frozenset[str] | None = None) -> bool:
    """A factor computed by a call (a model's output, an unreduced criterion), not a scale;
    also an entry of one (`losses["loss"]` of `losses = diffusion.training_losses(...)`).
    With `batch` (the loop's tensors of the batch, `micro`), their names and the rows a
    subscript selects say nothing of a scale."""
    if depth > 3 or _scale_named(expr, source, n_text, batch or frozenset(), rows=batch is not None):
        return False
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) and isinstance(expr.value, ast.Name):
        expr = expr.value
    for node in walk_expression(expr):
        if isinstance(node, ast.Call):
            return True
    if isinstance(expr, ast.Name):
        values, scaled = _assignments(expr.id, body)
        return bool(values) and not scaled and all(v is not None and _computes(v, body, source, n_text, depth + 1, batch) for v in values)
    return False


def _sum_reduced(loss: ast.expr, body: list[ast.stmt], model: ModuleModel) -> bool:
    """The loss is a sum over its micro-batch, not a mean (`reduction="sum"`, `.sum()`): the
    accumulated gradient is then the sum-loss gradient of the whole window, as the author
    meant (the learning rate is set for it), and dividing by N would shrink every step."""
    # names followed, and whether as the whole loss (`loss = data_sum + penalty` in one arm and
    # `loss = data_sum` in the other: followed as a part first, `data_sum` is followed again whole)
    visited: set[tuple[str, bool]] = set()
    # (expression, depth, whether it is the whole loss: a sum inside it may be a regulariser's)
    pending: list[tuple[ast.AST, int, bool]] = [(loss, 0, True)]
    while pending:
        expr, depth, whole = pending.pop()
        if depth > _MAX_DEPTH:
            return False
        if whole and isinstance(expr, ast.Call) and (method_name(expr) in ("sum", "nansum") or call_name(expr) in ("torch.sum", "torch.nansum")):
            return True  # `((pred - y) ** 2).sum()`
        for node in walk_expression(expr):
            if isinstance(node, ast.Call) and (_sums(node) or _sum_reducing_callee(node, model)):
                return True
            as_whole = whole and node is expr
            if isinstance(node, ast.Name) and (node.id, as_whole) not in visited:
                visited.add((node.id, as_whole))
                values, _ = _assignments(node.id, body)
                pending += [(value, depth + 1, as_whole) for value in values if value is not None]
    return False


def _times_reciprocal(loss: ast.expr, acc: Accumulation, model: ModuleModel) -> bool:
    """The loss is multiplied by a literal that is 1/N, N known (a literal, or a name the module
    binds only to that integer): `(loss * 0.5).backward()` with `% 2`, `0.25 * loss` with
    `ACC = 4`. (Another literal, `0.5 * loss` with N = 4, is a loss weight.)"""
    n = _known_count(acc, model)
    if n is None:
        return False
    body = acc.loop.node.body
    names: dict[str, bool] = {}

    def times(expr: ast.AST, depth: int) -> bool:
        if depth > _MAX_DEPTH:
            return False
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub)):
            return times(expr.left, depth) and times(expr.right, depth)  # every term, not one weighted term
        for node in walk_expression(expr):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
                for side in (node.left, node.right):
                    if is_number(side) and abs(side.value * n - 1) < 1e-9:  # type: ignore[attr-defined]
                        return True
            elif isinstance(node, ast.Name):
                if node.id not in names:
                    names[node.id] = False
                    values, _ = _assignments(node.id, body)
                    names[node.id] = any(times(value, depth + 1) for value in values if value is not None)
                if names[node.id]:
                    return True
        return False

    return times(loss, 0)


def _known_count(acc: Accumulation, model: ModuleModel) -> int | None:
    periodic = acc.periodic
    if periodic.n_value is not None:
        return periodic.n_value
    if not isinstance(periodic.n, ast.Name):
        return None
    values = {int_value(value) for value in assigned_values(model, periodic.n.id)}
    if len(values) != 1:
        return None
    return values.pop()


def _sums(call: ast.Call) -> bool:
    """`F.mse_loss(out, y, reduction="sum")`, `nn.BCELoss(size_average=False)`."""
    for keyword in call.keywords:
        value = keyword.value
        if keyword.arg == "reduction" and isinstance(value, ast.Constant) and value.value == "sum":
            return True
        if keyword.arg == "size_average" and isinstance(value, ast.Constant) and value.value is False:
            return True
    return False


_SUM_TEXT = lazily(r"""reduction\s*=\s*['"]sum['"]|size_average\s*=\s*False""")


def _sum_reducing_callee(call: ast.Call, model: ModuleModel) -> bool:
    """The loss comes from an object built to sum (`criterion = nn.CrossEntropyLoss(reduction=
    "sum")` ... `criterion(out, y)`), from a loss class of this module whose code sums, or from
    a function of this module whose code sums."""
    facts = model.facts
    func = call.func
    if isinstance(func, ast.Name) and func.id in facts.module_functions:
        helper = facts.module_functions[func.id]
        return _SUM_TEXT.search((helper.source or model.source).segment(helper.node)) is not None
    key = model.source.key(func)
    if not key or "(" in key:
        return False
    for value in assigned_values(model, key):
        if isinstance(value, ast.Call):
            if _sums(value):
                return True
            owner = facts.classes.get(call_name(value) or "")
            if owner is not None and _SUM_TEXT.search(model.source.segment(owner)) is not None:
                return True
            builder = _builder(call_name(value) or "", model)
            if builder is not None and _SUM_TEXT.search((builder.source or model.source).segment(builder.node)) is not None:
                return True  # `criterion = build_criterion(cfg)` whose code builds a summing loss
    return False


def _builder(name: str, model: ModuleModel):  # type: ignore[no-untyped-def]
    """The function of this module, or of another module of the project, a name calls."""
    facts = model.facts
    if name in facts.module_functions:
        return facts.module_functions[name]
    qualified = facts.imports.qualify(name)
    if facts.project is None or not qualified or qualified == name and "." not in name:
        return None
    return facts.project.function(qualified, model.source.path or None)


def _helper_may_scale(call: ast.Call, model: ModuleModel, n_text: str, unknown: list[ast.Call] | None = None) -> bool:
    """A function of this module (or imported from one of the project) computes the loss: does
    it divide, or mention N? `unknown` collects the calls of a method of `self` gradfix cannot
    read (a stub no subclass in view overrides, a base it cannot read)."""
    facts = model.facts
    func = call.func
    helper = None
    if isinstance(func, ast.Name):
        helper = facts.module_functions.get(func.id)
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        known, candidates = _self_method_candidates(call, func.attr, model)
        if candidates:
            # `self.loss(x, y)`: the method the class (or a base of any module of the project)
            # defines, and the overrides of its subclasses; any that may divide may run
            return any(_may_divide(text, n_text) for text in candidates)
        if not known:
            # a stub no visible subclass writes, or a method of a base gradfix cannot read: a
            # loss helper by its name may divide; another is reported, but no division is
            # written for a loss whose code is unseen
            if _LOSS_HELPER.search(func.attr):
                return True
            if unknown is not None:
                unknown.append(call)
            return False
        for methods in facts.methods.values():
            if func.attr in methods:
                helper = methods[func.attr]
                break
    if helper is None and facts.project is not None:
        # `compute_loss(...)` imported from a module of the project, or `L.compute_loss(...)`
        name = dotted(func)
        if name is not None and name.split(".", 1)[0] in facts.imports.aliases:
            qualified = facts.imports.qualify(name)
            helper = _project_function(qualified, model) if qualified else None
    if helper is None:
        if _object_may_scale(call, model, n_text):
            return True
        if isinstance(func, ast.Name):
            for value in assigned_values(model, func.id):
                if isinstance(value, ast.Lambda):
                    # `ce = lambda out, y: F.cross_entropy(out, y) / ACCUM`
                    text = model.source.segment(value)
                    if _may_divide(text, n_text):
                        return True
        # an imported or inherited loss helper may divide by N itself
        name = call_name(call) or ""
        if not _LOSS_HELPER.search(name.rsplit(".", 1)[-1]):
            return False
        texts = _read_loss_helper(call, model)
        return texts is None or any(_may_scale_text(text, n_text) for text in texts)
    source = helper.source or model.source
    text = source.segment(helper.node)
    return _may_divide(text, n_text)


def _may_scale_text(text: str, n_text: str) -> bool:
    """A loss helper read through its receiver or its caller's argument may scale: it divides,
    names N, accumulation or a scale, or sets a reduction (a sum needs no division)."""
    return _may_divide(text, n_text) or any(word in text for word in ("scale", "reduction", "size_average", "hook"))


def _read_loss_helper(call: ast.Call, model: ModuleModel) -> list[str] | None:
    """The texts of what a loss helper named like one (`module.training_step(batch, i)`,
    `task.compute_loss(batch)`, `compute_loss(model, batch)`) runs, when gradfix can tell:
    a method of the one class of the project whose object the receiver is (bound by calling
    the class, or a parameter every call hands an object of that class: `fit(LitNet(), ...)`),
    with the methods of `self` it calls; or, for a parameter of the function around the call,
    the functions of the module every call passes for it. None when it cannot tell."""
    func = call.func
    source = model.source
    from gradfix.analysis.loops import _Context, _function_around, _Walker

    function = _function_around(call, source)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id != "self":
        if func.attr.startswith("__"):
            return None
        facts = model.facts
        walker = _Walker(facts)
        class_name = _enclosing_class(call, facts) if isinstance(function, FUNCTIONS) else None
        ctx = _Context(functions=(function,) if isinstance(function, FUNCTIONS) else (), class_name=class_name)
        located = walker.instance_of(func.value, ctx)
        if located is None and isinstance(function, FUNCTIONS):
            located = _handed_object_class(function, func.value.id, model, walker)
        if not located:
            return None
        owner, name = located  # type: ignore[misc]
        helper = walker.method_of(owner, name, func.attr, 0)
        from gradfix.analysis.loops import _stub

        if helper is None or _stub(helper.node) or _abstract(helper.node):
            return None
        helper_source = helper.source or (helper.facts.source if helper.facts is not None else source)
        texts = [helper_source.segment(helper.node)]
        # the methods of `self` it calls (`return self._loss(out, y)`), one level down
        for node in ast_walk(helper.node):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.value.id == "self":
                called = walker.method_of(owner, name, node.func.attr, 0)
                if called is not None:
                    texts.append((called.source or helper_source).segment(called.node))
        return texts
    if not isinstance(func, ast.Name) or not isinstance(function, FUNCTIONS):
        return None
    return _passed_functions(function, func.id, model)


def _handed_object_class(function: ast.FunctionDef | ast.AsyncFunctionDef, parameter: str, model: ModuleModel, walker):  # type: ignore[no-untyped-def]
    """`def fit(module, loader):` called as `fit(Net(), data)` or `net = Net()` ... `fit(net,
    data)`, in its module or in the project's other modules: the one class of the project
    (found in a module whose bytes may say no gradient word) every call hands in for the
    parameter; None when a call hands anything else, or nothing, or nothing calls it."""
    given = _handed_arguments(function, parameter, model)
    if not given:
        return None
    found = None
    for value, source, facts in given:
        if isinstance(value, ast.Name):
            values = assigned_values(_Caller(source), value.id)
            value = values[0] if len(values) == 1 else None
        if not isinstance(value, ast.Call):
            return None
        built = walker.project_class(call_name(value), facts, any_bytes=True)
        if built is None or (found is not None and (found[0] is not built[0] or found[1] != built[1])):
            return None
        found = built
    return found


def _handed_arguments(function: ast.FunctionDef | ast.AsyncFunctionDef, parameter: str, model: ModuleModel) -> list[tuple[ast.expr | None, Source, object]] | None:
    """What each call of the module function `function` (in its module, and in the project's
    other modules) passes for `parameter`, with that call's source and facts; None when the
    parameter is annotated or bound again, or the function is handed on uncalled."""
    args = function.args
    if args.vararg or args.kwarg:
        return None
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if not any(a.arg == parameter and a.annotation is None for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)):
        return None
    if any(isinstance(n, ast.Name) and n.id == parameter and not isinstance(n.ctx, ast.Load) for n in ast_walk(function)):
        return None  # bound again (`model = model.to(device)`)
    facts = model.facts
    info = facts.module_functions.get(function.name)
    if info is None or info.node is not function:
        return None
    index = positional.index(parameter) if parameter in positional else None
    called = {id(n.func) for n in model.source.of_type(ast.Call)}  # type: ignore[attr-defined]
    if any(n.id == function.name and id(n) not in called for n in model.source.of_type(ast.Name)):  # type: ignore[attr-defined]
        return None  # handed on (`Thread(target=train)`, `jobs.append(train)`): called where gradfix does not look
    given: list[tuple[ast.expr | None, Source, object]] = []
    for node in model.source.of_type(ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id != function.name:  # type: ignore[attr-defined]
            continue
        value = next((k.value for k in node.keywords if k.arg == parameter), None)  # type: ignore[attr-defined]
        if value is None and index is not None and index < len(node.args) and not any(isinstance(a, ast.Starred) for a in node.args[: index + 1]):  # type: ignore[attr-defined]
            value = node.args[index]  # type: ignore[attr-defined]
        given.append((value, model.source, facts))
    if facts.project is not None and model.source.path:
        for module, value in arguments_elsewhere(facts.project, model.source.path, info, parameter):
            given.append((value, module.source, module.facts))
    return given


def _passed_functions(function: ast.FunctionDef | ast.AsyncFunctionDef, parameter: str, model: ModuleModel) -> list[str] | None:
    """`def train(model, loader, compute_loss):` called as `train(net, data, mse_of)`: the texts
    of the functions (or lambdas) of the calling module every call of the module and of the
    project's other modules passes for the parameter; None when a call passes anything else,
    or nothing, or when nothing calls the function."""
    given = _handed_arguments(function, parameter, model)
    if not given:
        return None
    texts = []
    for value, source, facts in given:
        if isinstance(value, ast.Lambda):
            texts.append(source.segment(value))
            continue
        helper = facts.module_functions.get(value.id) if isinstance(value, ast.Name) else None  # type: ignore[attr-defined]
        if helper is None:
            return None
        texts.append(source.segment(helper.node))
    return texts


# Roots of bases that define no loss method of a user's class (`nn.Module`, `abc.ABC`, `object`).
_PLAIN_BASES = frozenset({"torch", "nn", "abc", "typing", "object", "ABC", "Generic", "Protocol"})


def _self_method_candidates(call: ast.Call, name: str, model: ModuleModel) -> tuple[bool, list[str]]:
    """The texts of the methods `self.name(...)` may run in the method of a class of the module
    holding the call: the class's own or the first base's defining it (of the module or, through
    the project, of another module; `class Trainer(Base)` calling `Base.loss` of base.py), and the
    overrides of the subclasses of the module and of the project; a stub (`raise
    NotImplementedError`, `pass`, `...`, `@abstractmethod`) is left to its overrides. `known` is
    False when what runs cannot be read: only stubs and no override, or no method found while a
    base is one gradfix cannot read; no candidates and `known`: not a method (an attribute,
    `self.criterion = nn.CrossEntropyLoss()`), or outside a class."""
    from gradfix.analysis.loops import _stub, _subclasses_of

    facts = model.facts
    owner = _enclosing_class(call, facts)
    if owner is None or name.startswith("__"):
        return True, []
    found, complete = _method_in_chain(facts, owner, name, 0)
    infos: list[tuple[FunctionInfo, Source]] = []
    if found is not None:
        infos.append(found)
    for sub in _subclasses_of(facts, owner):
        info = facts.methods.get(sub, {}).get(name)
        if info is not None:
            infos.append((info, model.source))
    if facts.project is not None and model.source.path:
        from gradfix.analysis.steps import project_overrides

        for _, info in project_overrides(facts.project, facts, owner, name):
            if info is not None:
                infos.append((info, info.source or (info.facts.source if info.facts is not None else model.source)))
    texts = [source.segment(info.node) for info, source in infos if not _abstract(info.node) and not _stub(info.node)]
    if texts:
        return True, texts
    if found is None and not infos:
        if complete or next(starting_at(re.compile(rf"\bself\.{re.escape(name)}\s*(?::[^=\n]*)?=(?!=)"), model.source.text, f"self.{name}"), None):
            return True, []  # no such method: an attribute the objects set (`self.loss = ...`)
        return False, []
    return False, []  # only stubs: the code that runs is written where gradfix does not look


def _abstract(function: ast.AST) -> bool:
    return any((dotted(d) or "").rsplit(".", 1)[-1] == "abstractmethod" for d in function.decorator_list)  # type: ignore[attr-defined]


def _enclosing_class(call: ast.Call, facts) -> str | None:  # type: ignore[no-untyped-def]
    """The class of the module whose method (the innermost) holds the call."""
    best: tuple[str, int] | None = None
    line = call.lineno
    for class_name, methods in facts.methods.items():
        for info in methods.values():
            node = info.node
            if node.lineno <= line <= (node.end_lineno or node.lineno) and (best is None or node.lineno > best[1]):
                best = (class_name, node.lineno)
    return best[0] if best is not None else None


def _method_in_chain(facts, class_name: str, name: str, depth: int) -> tuple[tuple[FunctionInfo, Source] | None, bool]:  # type: ignore[no-untyped-def]
    """The method `name` of a class, or of the first of its bases (in Python's order for single
    chains) defining it, of the module or, through the project, of another module, with the
    source it is written in; and whether every base looked at on the way could be read."""
    found = facts.methods.get(class_name, {}).get(name)
    if found is not None:
        return (found, found.source or facts.source), True
    if class_name not in facts.classes or depth > 4:
        return None, False
    complete = True
    for qualified, located in located_bases(facts, class_name, _PLAIN_BASES):
        if located is None and qualified is not None and qualified.split(".", 1)[0] in _PLAIN_BASES:
            continue  # `nn.Module`, `ABC`: no loss method of theirs
        if located is None:
            complete = False  # `Generic[T]`, `make_base()`, a class gradfix cannot find: not read
            continue
        inherited, readable = _method_in_chain(located[0], located[1], name, depth + 1)
        if inherited is not None:
            return inherited, complete and readable
        complete = complete and readable
    return None, complete


# a division by a literal that is no whole number (a temperature, `logits / 0.07`): no count
# of micro-batches
_FRACTION_DIVISION = lazily(r"/[ \t]*\d*\.\d*[1-9]\d*(?![\w.])")
# a division by a tensor's sum, `torch.sum(mask, axis=1)` or `(mask.sum() + eps)` (a masked
# mean over tokens): a count of elements, not of micro-batches (a divisor naming N or
# accumulation besides is still read by `_may_divide`)
_SUM_DIVISION = lazily(r"/[ \t]*\(?[ \t]*(?:torch\.sum\(|[A-Za-z_][\w.]*\.sum\()")


def _may_divide(text: str, n_text: str) -> bool:
    """A loss function's text divides (by anything but a literal that is no whole number, an
    InfoNCE temperature `/ 0.2`, or a tensor's sum, a masked mean's `/ mask.sum()`), or names
    N or accumulation: it may scale the loss."""
    if "/" in text:
        rest = _FRACTION_DIVISION.sub("", text)
        if "/" in rest and "/" in _SUM_DIVISION.sub("", rest):
            return True
    return _says(text, last_name(n_text)) or "accum" in text


def _passed_loss_callables(loss: ast.expr, acc: Accumulation, model: ModuleModel) -> set[str] | None:
    """The loss is computed by calling a parameter of the function that holds the loop
    (`loss = loss_fn(model(x), y)`, directly or through a name the loop body binds): the keys the
    module's calls of that function pass for it (empty when no call of this module does); None
    when the loss calls no parameter."""
    function = acc.loop.function
    if function is None:
        return None
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)]
    parameter = _loss_parameter(loss, acc, params)
    if parameter is None:
        return None
    sites = model.facts.call_site_args.get(function.name, {})
    return set(sites.get(parameter, set())) | set(sites.get(str(params.index(parameter)), set()))


def _passed_elsewhere_may_scale(loss: ast.expr, acc: Accumulation, model: ModuleModel, n_text: str) -> bool:
    """The loop's function is a module function called from other files of the project (they
    import its module and name it), and one of those calls passes, for the parameter whose call
    is the loss, a lambda or a function of that file that divides or mentions N or accumulation
    (`accum_epoch(model, opt, loader, lambda o, y: F.cross_entropy(o, y) / 4, 4)` in train.py):
    dividing in the loop would divide that caller's loss twice."""
    project = model.facts.project
    function = acc.loop.function
    if project is None or not model.source.path or not isinstance(function, FUNCTIONS):
        return False
    info = model.facts.module_functions.get(function.name)
    if info is None or info.node is not function:
        return False
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)]
    parameter = _loss_parameter(loss, acc, params)
    if parameter is None:
        return False
    for module, value in arguments_elsewhere(project, model.source.path, info, parameter):
        if isinstance(value, ast.Lambda):
            texts = [module.source.segment(value)]
        elif isinstance(value, ast.Name):
            helper = module.facts.module_functions.get(value.id)
            texts = [module.source.segment(helper.node)] if helper is not None else [
                module.source.segment(v) for v in assigned_values(_Caller(module.source), value.id) if isinstance(v, ast.Lambda)
            ]
        else:
            continue
        if any(_may_divide(text, n_text) for text in texts):
            return True
    return False


class _Caller:
    """What `assigned_values` reads of another module of the project: its source."""

    def __init__(self, source: Source) -> None:
        self.source = source


def _loss_parameter(loss: ast.expr, acc: Accumulation, params: list[str]) -> str | None:
    """The parameter whose call is the loss (`loss_fn` of `loss = loss_fn(model(x), y)`)."""
    exprs: list[ast.AST | None] = [loss]
    if isinstance(loss, ast.Name):
        exprs += _assignments(loss.id, acc.loop.node.body)[0]
    for call in exprs:
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in params:
            return call.func.id
    return None


def _callable_may_scale(key: str, model: ModuleModel, n_text: str) -> bool:
    """A loss function the module passes by name (`accum_epoch(..., scaled_ce, ...)`): a function
    of the module, or a lambda bound to the name, that divides or mentions N or accumulation."""
    facts = model.facts
    helper = facts.module_functions.get(key)
    texts = [model.source.segment(helper.node)] if helper is not None else [
        model.source.segment(value) for value in assigned_values(model, key) if isinstance(value, ast.Lambda)
    ]
    return any(_may_divide(text, n_text) for text in texts)


def _project_function(qualified: str, model: ModuleModel) -> FunctionInfo | None:
    """The function a qualified name stands for in the project, in a module that may say no
    gradient word (`losses.compute_loss` returning `F.cross_entropy(model(x), y)`)."""
    project = model.facts.project
    importer = model.source.path or None
    found = project.function(qualified, importer) if project is not None else None
    module_name, _, name = qualified.rpartition(".")
    if found is not None or project is None or not module_name or module_name.endswith("."):
        return found
    path = project.module_file(module_name, importer)
    module = project.module(path, any_bytes=True) if path is not None else None
    return module.facts.module_functions.get(name) if module is not None else None


def _object_may_scale(call: ast.Call, model: ModuleModel, n_text: str) -> bool:
    """The loss comes from an object of a class of this module (`crit = WindowCE(ACC)` ...
    `crit(out, y)`) whose `forward` (or `__call__`) divides, and that was built with N or whose
    code mentions N."""
    key = model.source.key(call.func)
    if not key or "(" in key:
        return False
    facts = model.facts
    for value in assigned_values(model, key):
        if not isinstance(value, ast.Call):
            continue
        name = call_name(value) or ""
        owner = facts.classes.get(name)
        source = model.source
        if owner is None:
            qualified = facts.imports.qualify(name) or name
            if qualified == name or facts.project is None or qualified.startswith(("torch.", "torch")):
                continue
            # a class of another module of the project (`from utils import AccumCE`)
            found = facts.project.definition(qualified, model.source.path or None)
            if found is None or found[1] not in found[0].facts.classes:
                if _given_n(value, n_text, model):
                    return True  # built with N by code gradfix cannot read: it may divide by it
                continue
            owner, source = found[0].facts.classes[found[1]], found[0].facts.source
        methods = [s for s in owner.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name in ("forward", "__call__")]
        if not any("/" in source.segment(m) or "*" in source.segment(m) for m in methods):
            continue  # its loss is not divided (`WindowCE(ACC)` that keeps the count unused)
        text = source.segment(owner)
        if _says(text, last_name(n_text)) or "accum" in text:
            return True
        if _given_n(value, n_text, model):
            return True  # `WindowCE(ACC)`, its forward `/ self.window`; `ScaledCE(1.0 / ACC)`
    return False


def _given_n(call: ast.Call, n_text: str, model: ModuleModel) -> bool:
    """N is one of the call's arguments, or a name read in one (`ScaledCE(1.0 / ACC)`)."""
    word = last_name(n_text)
    for arg in [*call.args, *[k.value for k in call.keywords]]:
        if model.source.code(arg) == n_text or any(isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) == n_text for n in ast_walk(arg)):
            return True
        if word and word != n_text and any(isinstance(n, ast.Attribute) and n.attr == word for n in ast_walk(arg)):
            return True
    return False


def _handed_to_the_window(acc: Accumulation, word: str) -> ast.expr | None:
    """The argument `word` (`k`) of the call into the helper that tests the window
    (`boundary(opt, count, k)` into `def boundary(opt, count, k): if count % k == 0: ...`),
    handed to the parameter of the same name, which the helper reads only in the window's
    test: the loop hands N to the window, it scales nothing. None otherwise."""
    return _handed_to_the_parameter(acc, word, named=word)


def _handed_to_the_parameter(acc: Accumulation, word: str, named: str | None = None) -> ast.expr | None:
    """The argument the loop's call into the helper that tests the window hands to the
    helper's parameter `word`, when the helper reads that parameter only in the window's test
    (with `named`, only a name spelled so). None otherwise."""
    step = acc.steps[0]
    call, helper = step.via[0], step.helpers[0] if step.helpers else None
    if not isinstance(helper, FUNCTIONS) or not isinstance(acc.node, ast.If) or not any(n is acc.node for n in ast_walk(helper)):
        return None
    args = helper.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if word not in positional and word not in {a.arg for a in args.kwonlyargs}:
        return None
    if positional and positional[0] in ("self", "cls") and isinstance(call.func, ast.Attribute):
        positional = positional[1:]
    passed = next((k.value for k in call.keywords if k.arg == word), None)
    if passed is None and word in positional:
        index = positional.index(word)
        if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
            passed = call.args[index]
    if passed is None or named is not None and not (isinstance(passed, ast.Name) and passed.id == named):
        return None
    in_test = {id(n) for n in ast_walk(acc.node.test)}
    if any(isinstance(n, ast.Name) and n.id == word and id(n) not in in_test for n in ast_walk(helper) if n.__class__ is ast.Name):
        return None  # the helper reads (or binds) N elsewhere too: it may scale with it
    return passed


def _mentions_n_elsewhere(
    acc: Accumulation, n_text: str, source: Source, divided: ast.expr | None = None, dead: frozenset[int] = frozenset(),
    handed: ast.expr | None = None,
) -> bool:
    """N is read in the iteration outside the periodic condition (and outside `divided`, the
    loss the other arm divides by N, and the `dead` statements, a division of the loss after
    its backward): something uses it, stay silent."""
    word = last_name(n_text) if not n_text.isdigit() else None
    if word is None:
        return False
    n = acc.periodic.n
    key = n.slice.value if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) else None
    skip = acc.periodic.holder
    derived, derived_names = _derived_from_n(acc, word, key, divided, dead)
    # `if args.accum > 1:` around the window (a mode guard: a test the whole loop reads the
    # same): its test says whether the loop accumulates, it scales nothing
    guards = {id(b.node) for b in acc.steps[0].branches_within(acc.loop.node)[: acc.guards]} if acc.guards else set()
    if handed is None:
        handed = _handed_to_the_window(acc, word) if acc.steps[0].via else None
    stack: list[ast.AST] = list(acc.loop.node.body)
    while stack:
        node = stack.pop()
        if (node is skip and not isinstance(node, ast.If)) or node is divided or node is acc.periodic.wraps or id(node) in dead:
            continue  # (`c = (c + 1) % N`: the window's counter)
        if node is handed:
            continue  # `boundary(opt, count, k)` into `def boundary(opt, count, k)`: N handed to the window's own test
        if id(node) in derived:
            continue  # `denominator = acm * N`: judged where the name is read
        if isinstance(node, ast.Expr) and _logs(node.value):
            continue  # `print("window loss", running / N)`: a logged average, not a scaling
        if isinstance(node, ast.JoinedStr) or _formats_text(node):
            continue  # `"step_{}_loss_{}".format(i, avg)`: a string scales nothing
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.Mult)) and (_a_number(node.left) or _a_number(node.right)):
            continue  # `running += loss.item() / N`: a number for the log, not the loss scaled
        if isinstance(node, ast.If) and (
            node is skip or id(node) in guards or _is_tail_guard(node, source) or (len(node.orelse) == 1 and node.orelse[0] is skip)
        ):
            # the condition itself (and a flush's guard, and `if N is None:` before the window's
            # `elif`) may mention N; the body may not
            stack.extend(node.body)
            stack.extend(node.orelse)
            continue
        if (
            key is not None and isinstance(node, ast.Subscript) and dotted(node.value) is not None and last_name(dotted(node.value)) == word
            and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str) and node.slice.value != key
        ):
            continue  # `state["seen"] += 1` beside N `state["accum"]`: another entry of the same dict
        if isinstance(node, ast.Name) and (node.id == word or (node.id in derived_names and not isinstance(node.ctx, ast.Store))):
            return True
        if isinstance(node, ast.Attribute) and node.attr == word:
            return True
        if key is not None and isinstance(node, ast.Constant) and node.value == key:
            return True  # `hp["subdivisions"]` read again
        stack.extend(child_nodes(node))
    return False


_PLAIN_CALLS = {"int", "float", "max", "min", "round", "abs"}


def _divided_after_backward(acc: Accumulation, n_text: str, source: Source) -> frozenset[int]:
    """The statements of the iteration that divide the backpropagated loss by N after every
    backward of it has run (`loss.backward()` then `loss = loss / N` or `loss /= N`): the
    gradients were taken from the undivided loss, so the division scales nothing (it only
    changes what is logged). Only when every backward is written in the loop on one name,
    which the loop binds before the first backward (the division cannot reach the next
    iteration's backward), and the division is in no nested loop or function."""
    names = {b.loss.id for b in acc.backwards if b.direct and isinstance(b.loss, ast.Name)}
    if len(names) != 1 or not all(b.direct and isinstance(b.loss, ast.Name) for b in acc.backwards) or not _says(source.text, n_text):
        return frozenset()
    name = names.pop()
    first = min(b.statement.lineno for b in acc.backwards)
    last = max(b.statement.end_lineno or b.statement.lineno for b in acc.backwards)
    found: set[int] = set()
    bound_before = False

    def division(node: ast.AST) -> bool:
        if node.lineno <= last:  # type: ignore[attr-defined]
            return False
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name:
            value = node.value
            return (
                isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div)
                and isinstance(value.left, ast.Name) and value.left.id == name and source.code(value.right) == n_text
            )  # fmt: skip
        return (
            isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name
            and isinstance(node.op, ast.Div) and source.code(node.value) == n_text
        )  # fmt: skip

    stack: list[ast.AST] = list(acc.loop.node.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (*FUNCTIONS, ast.ClassDef, ast.Lambda, *FOR_LOOPS, ast.While)):
            continue
        if isinstance(node, (ast.Assign, ast.AugAssign)) and division(node):
            found.add(id(node))
            continue
        if isinstance(node, ast.If) and not node.orelse and node.body and all(division(stmt) for stmt in node.body):
            # `if N > 1: loss = loss / N` after the backward: the guard only says whether the
            # loop accumulates; the division under it is as dead as without it
            found.add(id(node))
            found.update(id(stmt) for stmt in node.body)
            continue
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store) and node.lineno < first:
            bound_before = True  # `loss = crit(...)`, `loss, logits = model(...)`
        stack.extend(child_nodes(node))
    return frozenset(found) if bound_before else frozenset()


def _derived_from_n(
    acc: Accumulation, word: str, key: object, divided: ast.expr | None, dead: frozenset[int] = frozenset()
) -> tuple[set[int], set[str]]:
    """The statements of the iteration that bind a plain name to a value computed from N
    (`denominator = acm * N`, `scale = 1 / N`, also from such a name), calling nothing but
    `int`, `float`, `max`, `min`, `round`, `abs`: N is used where those names are read, not
    where they are bound (a name read only by a logging call scales nothing). The ids of
    those statements, and the names."""
    found: set[int] = set()
    names: set[str] = set()
    candidates: list[tuple[ast.stmt, list[str], list[ast.AST]]] = []
    skip = (acc.periodic.holder, acc.periodic.wraps)
    for node in ast_walk(acc.loop.node):
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if any(node is s for s in skip) or id(node) in dead or not all(isinstance(t, ast.Name) for t in targets):
            continue
        inner = list(ast_walk(value))
        if any(n is divided for n in inner):
            continue
        if any(isinstance(n, (ast.NamedExpr, ast.Await, ast.Lambda, ast.Yield, ast.YieldFrom)) for n in inner):
            continue
        if any(isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id in _PLAIN_CALLS) and not _a_number(n) for n in inner):
            continue
        candidates.append((node, [t.id for t in targets], _read_for_scaling(value)))  # type: ignore[attr-defined]
    changed = True
    while changed:
        changed = False
        for stmt, bound, inner in candidates:
            if id(stmt) in found:
                continue
            if any(
                (isinstance(n, ast.Name) and (n.id == word or n.id in names))
                or (isinstance(n, ast.Attribute) and n.attr == word)
                or (key is not None and isinstance(n, ast.Constant) and n.value == key)
                for n in inner
            ):  # fmt: skip
                found.add(id(stmt))
                names.update(bound)
                changed = True
    return found, names


def _read_for_scaling(value: ast.expr) -> list[ast.AST]:
    """The nodes of a value but those of an f-string and of a number read off the loss, scaled
    (`loss.item() / N`): N read there scales nothing (as in `_mentions_n_elsewhere`)."""
    out: list[ast.AST] = []
    stack: list[ast.AST] = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.JoinedStr) or _formats_text(node):
            continue
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.Mult)) and (_a_number(node.left) or _a_number(node.right)):
            continue
        out.append(node)
        stack.extend(child_nodes(node))
    return out


def _n_handed_to_the_helper(acc: Accumulation, source: Source) -> ast.expr | None:
    """N as the loop spells it when the window is tested in a helper the loop calls
    (`maybe_step(opt, i, ACCUM)` into `def maybe_step(opt, i, every): if (i + 1) % every == 0:`):
    the argument handed to the helper's parameter N, which the helper reads only in the
    window's test. Only when every step runs through that one call, made on every iteration
    (no branch of the loop around it), and the argument holds the same value at the backward:
    a name or attribute chain (`args.accum`, `self.accum_steps`) the loop never binds, bound at most once in the file and never declared `global`. None otherwise."""
    n = acc.periodic.n
    step = acc.steps[0]
    if not isinstance(n, ast.Name) or len(step.via) != 1 or len(step.helpers) != 1:
        return None
    call = step.via[0]
    if any(s.via[:1] != (call,) for s in acc.steps):
        return None  # a step outside the helper, or in another call
    statement, outer = step.path[-1], step.path[:-1]
    if outer and outer[0] is acc.loop.node:
        outer = outer[1:]
    if not isinstance(statement, ast.Expr) or statement.value is not call or not all(isinstance(s, (ast.With, *TRIES)) for s in outer):
        return None  # the call under a branch of the loop: the window is not the helper's alone
    passed = _handed_to_the_parameter(acc, n.id)
    text = dotted(passed) if passed is not None else None  # (a literal: `(0.25 * loss)` may divide by it already)
    if text is None:
        return None
    root, _, attr = text.partition(".")
    loop = acc.loop.node
    stored = [t for t in ast_walk(loop.target)] if isinstance(loop, FOR_LOOPS) else []
    for node in (*stored, *(m for stmt in loop.body for m in ast_walk(stmt))):
        if isinstance(node, ast.Name) and node.id == root and not isinstance(node.ctx, ast.Load):
            return None  # the loop binds it
        if isinstance(node, (ast.Global, ast.Nonlocal)) and root in node.names:
            return None
        if attr and isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load) and dotted(node) == text:
            return None
    name = re.escape(text.rsplit(".", 1)[-1])
    if len(re.findall(rf"(?<![\w.]){name}\s*(?:[-+*/%]?=(?!=)|:[^=\n]*=(?!=))" if not attr else rf"\.{name}\s*(?:[-+*/%]?=(?!=)|:[^=\n]*=(?!=))", source.text)) > 1:
        return None  # bound more than once in the file: it may change between the backward and the step
    if re.search(rf"\b(?:global|nonlocal)\b[^\n]*\b{re.escape(root)}\b", source.text):
        return None
    return passed


def _n_readable_in_loop(acc: Accumulation, n_text: str) -> bool:
    """N can be written at the loop's backward as the window test spells it: a literal, or a
    test written in the loop itself (not in a helper it calls, whose names are its own)."""
    if n_text.isdigit():
        return True
    n = acc.periodic.n
    return any(node is n for node in ast_walk(acc.loop.node))


def _tests_n(test: ast.expr, n_text: str, model: ModuleModel) -> bool:
    """The test reads N, itself or through a name bound to a value that does (`accumulating =
    ACC > 1` ... `if not accumulating:`)."""
    source = model.source
    if _says(source.code(test), n_text):
        return True
    names = {n.id for n in ast_walk(test) if isinstance(n, ast.Name)}
    return any(_says(source.code(value), n_text) for name in names for value in assigned_values(model, name))


def _fork(first: GradEvent, second: GradEvent) -> ast.If | None:
    """The innermost `if` whose two arms hold the two backward calls."""
    for stmt in reversed(first.path):
        if isinstance(stmt, ast.If) and any(s is stmt for s in second.path):
            return stmt
    return None


def _divided_by(expr: ast.expr | None, n_text: str, source: Source) -> bool:
    """`loss / N` (`loss / N` in parentheses too), N spelled as the window's count."""
    return isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div) and source.code(expr.right) == n_text


def _a_number(expr: ast.expr) -> bool:
    """`loss.item()`, `float(loss)`: a Python number read off a tensor (no graph to scale)."""
    return isinstance(expr, ast.Call) and (
        (isinstance(expr.func, ast.Attribute) and expr.func.attr == "item" and not expr.args)
        or (isinstance(expr.func, ast.Name) and expr.func.id == "float" and len(expr.args) == 1)
    )


def _formats_text(node: ast.AST) -> bool:
    """A string literal formatted: `"loss_{}".format(avg)` or `"%.4f" % avg` -- what it reads
    ends in a string, which scales no loss (as an f-string)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str)
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)


_LOGGING_CALLS = {
    "print", "log", "info", "debug", "warning", "write", "set_postfix", "set_description",
    "add_scalar", "add_scalars", "log_dict", "log_metrics", "pprint",
}  # fmt: skip


def _logs(value: ast.expr) -> bool:
    if not isinstance(value, ast.Call):
        return False
    name = call_name(value) or method_name(value) or ""
    return name.rsplit(".", 1)[-1] in _LOGGING_CALLS


def _is_tail_guard(node: ast.If, source: Source) -> bool:
    return "%" in source.segment(node.test)


def _apex_scaled(backward: GradEvent, model: ModuleModel) -> ast.expr | None:
    """The loss apex scales for this backward: `scaled.backward()` inside `with
    amp.scale_loss(loss, optimizer) as scaled:` -- `loss`; None otherwise."""
    loss = backward.loss
    if not isinstance(loss, ast.Name):
        return None
    for stmt in backward.path:
        if not isinstance(stmt, (ast.With, ast.AsyncWith)):
            continue
        for item in stmt.items:
            context = item.context_expr
            if (
                isinstance(item.optional_vars, ast.Name) and item.optional_vars.id == loss.id
                and isinstance(context, ast.Call) and (method_name(context) or "") == "scale_loss" and context.args
            ):
                return context.args[0]
    return None


# a window handler that also backpropagates, clips or reads gradients; an update that steps,
# clears, reads `.grad` or is told about the window (`engine.state.iteration`)
_WINDOW_TOUCHES = lazily(r"backward|\.grad\b|clip_grad|unscale_|scaler")
_PROCESS_TOUCHES = lazily(r"\.step\(|zero_grad|\.grad\b|iteration|scaler|accumulat|no_sync")


def _plain_call(stmt: ast.stmt, method: str) -> bool:
    """`opt.step()` / `opt.zero_grad(...)` as a statement of its own, on a dotted name."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    return (
        isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == method
        and dotted(call.func.value) is not None and (method != "step" or (not call.args and not call.keywords))
    )  # fmt: skip


def _module_int(expr: ast.expr, source: Source) -> int | None:
    """An integer above 1 written as a literal, or a name the module binds once, at its top
    level, to one."""
    value = int_value(expr)
    if value is None and isinstance(expr, ast.Name):
        bound = [
            n for n in ast_walk(source.tree)
            if isinstance(n, ast.Name) and n.id == expr.id and isinstance(n.ctx, ast.Store)
        ]
        assigned = [
            stmt for stmt in source.tree.body
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == expr.id
        ]
        if len(bound) == 1 and len(assigned) == 1:
            value = int_value(assigned[0].value)
    return value if value is not None and value > 1 else None


def _counts_one(keywords: tuple[str, ...], model: ModuleModel) -> bool:
    """The file sets the accumulation count with a literal 1 in one call or more
    (`TrainingArguments(..., gradient_accumulation_steps=1)`) and names the setting nowhere else
    (no other keyword value, attribute, parser option, string or comment): every count it shows
    is 1. Run only for a finding about to be reported."""
    text = model.source.text
    for keyword in keywords:
        written = text.count(keyword)
        if not written:
            continue
        ones = 0
        for node in ast_walk(model.source.tree):
            if isinstance(node, ast.keyword) and node.arg == keyword:
                value = node.value
                if not (isinstance(value, ast.Constant) and type(value.value) is int and value.value == 1):
                    return False
                ones += 1
        return ones > 0 and ones == written
    return False
