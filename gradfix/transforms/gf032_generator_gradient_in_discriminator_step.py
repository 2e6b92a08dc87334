from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.accumulators import function_parameters
from gradfix.analysis.facts import classify_constructor
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import call_name, dotted, method_name, positional, receiver, walk_expression
from gradfix.analysis.shared_graphs import GraphFlow, GraphSlice, _module_aliases, entry_key, optimizer_owners, owns
from gradfix.patterns import lazily
from gradfix.source import FUNCTIONS
from gradfix.transforms._common import branch_prefix, training_loop_ids
from gradfix.transforms.base import Finding, Rule, Safety
from gradfix.transforms.gf014_backward_through_stepped_graph import (
    _backpropagated,
    handed_in_modules,
)
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# Code that may switch a module's gradients off for the generator's update: pix2pix's
# `set_requires_grad(netD, False)`, StyleGAN's `requires_grad(discriminator, False)`,
# `p.requires_grad = False`, `p.requires_grad_(flag)`, Lightning's `toggle_optimizer` (and its
# context manager `toggled_optimizer`), a
# `freeze(...)` helper. (`requires_grad=True` and `requires_grad_()` turn them on: not these.)
_FREEZES = lazily(
    r"requires_grad_?\s*\(\s*(?!True\s*\))[^)\s]|requires_grad\s*=\s*(?!\s*True\b)|set_requires_grad|toggled?_optimizer|freeze"
)

# What a discriminator's loss that keeps the generator's output out of its graph must say
# somewhere in the iteration (`_keeps_out`): a cheap test before any graph is read.
_KEEPS_OUT_WORDS = lazily(r"\.detach\b|\.data\b|no_grad|inference_mode")


class GeneratorGradientInDiscriminatorStep(Rule):
    """
    A discriminator's optimizer steps on the gradient the generator's loss wrote into the discriminator.

    ## What it does
    Finds adversarial training loops with two optimizers built in the file over two models
    (a generator `G` and a discriminator `D`): a loss backpropagated through both (`g_loss =
    -D(G(z)).mean()`), another backpropagated through `D` only (`d_loss` on `D(real)` and
    `D(fake.detach())`), and a step of `D`'s optimizer that the first backward reaches with
    no clear of `D`'s gradients in between:
    - in the same iteration: both optimizers cleared, then both losses backpropagated, then
      both stepped (AOT-GAN's order);
    - in the next iteration: each optimizer cleared right after its own step
      (`d_opt.step(); d_opt.zero_grad()` ... `g_loss.backward(); g_opt.step();
      g_opt.zero_grad()`), so the generator's backward leaves its gradient in `D` until the
      next discriminator step;
    - in one backward of both losses summed (`(d_loss + g_loss).backward()`, `total = d_loss
      + g_loss`, `sum([...])`, `torch.stack([...]).sum()`), then both optimizers stepped: the
      sum holds a term through `D` alone (`D(real)`) and the generator's term through both.

    And the mirror: a step of `G`'s optimizer that the discriminator's backward reaches, when
    the discriminator's loss runs `D` on the generator's output undetached (`d_loss =
    F.relu(1 - D(real)).mean() + F.relu(1 + D(fake)).mean()`), in a VQGAN's order (`opt_g.zero_grad();
    g_loss.backward(retain_graph=True); opt_d.zero_grad(); d_loss.backward(); opt_g.step();
    opt_d.step()`) or carried to the next iteration's generator step. `G` then steps on its
    own loss's gradient plus `d_loss`'s, which pushes it to make its fakes easier to spot.

    ## Why is this bad?
    `g_loss.backward()` computes gradients for every parameter on the way, `D`'s too: the
    generator's adversarial term pushes `D` to call the fakes real. `backward()` adds into
    `.grad`, so `D`'s optimizer then steps on its own loss's gradient plus the generator's,
    which works against it. Nothing fails; the discriminator just learns less, and the
    balance of the game shifts.

    ## Example
    ```python
    g_opt = torch.optim.Adam(G.parameters())
    d_opt = torch.optim.Adam(D.parameters())
    for real, z in loader:
        fake = G(z)
        g_loss = -D(fake).mean()
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
        g_opt.zero_grad()
        d_opt.zero_grad()
        g_loss.backward()
        d_loss.backward()
        g_opt.step()
        d_opt.step()
    ```

    ## Use instead
    ```python
    g_opt = torch.optim.Adam(G.parameters())
    d_opt = torch.optim.Adam(D.parameters())
    for real, z in loader:
        fake = G(z)
        g_loss = -D(fake).mean()
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
        g_opt.zero_grad()
        g_loss.backward()
        d_opt.zero_grad()  # drops what the generator's loss wrote into D
        d_loss.backward()
        g_opt.step()
        d_opt.step()
    ```
    Or switch `D`'s gradients off for the generator's update (`for p in D.parameters():
    p.requires_grad_(False)`), or clear `D` before its own backward rather than after its
    step.

    ## Fix safety
    There is no fix: the rule only reports. Where the clear belongs (before the
    discriminator's backward, or a `requires_grad` switch around the generator's) is the
    author's choice.

    The rule reports only what it can prove: the backwards and the step written in the
    iteration itself or in a loop nested in it (a WGAN critic's `for _ in range(n_critic):`
    cleared after each step: its first pass applies the generator's gradient), not in a
    helper; both optimizers built in the file over models it can name (`G.parameters()`, a
    chain or groups of them, also by a function of the file or a method of the class that
    builds one over the module it is handed: `self.opt_d = self.make_optimizer(self.D)`, or a
    function of the file returning both, `opt_g, opt_d = make_optimizers(G, D)`, each over a
    module it is handed) — or handed in to a step function
    with the models (`def train_step(G, D, opt_g, opt_d, ...)`, where every call of it in the
    project passes each optimizer built over the model it passes beside it), or handed to a trainer's
    `__init__` that binds them to `self.` beside the models (`self.optD = optD`, read at
    every construction of the class the same way; also in a step function of the module the
    trainer hands itself, `STEPS[self.kind](self, z, real)`, whose code names them `tr.D` and
    `tr.state.d_opt`), or Lightning's `opt_g, opt_d =
    self.optimizers()` under manual optimization (by position, the optimizers the class's
    `configure_optimizers` builds and returns; also read by index from a name bound to
    the list: `opts = self.optimizers()`, then `opts[1].step()` or `opt_g, opt_d = opts[0],
    opts[1]`) — neither owning a model of the
    other's loss, and no clear on the way from the generator's backward to the
    discriminator's step that might reach `D` (an optimizer's clear over other models only,
    or a clear of the generator itself, does not). Silent when the iteration or a helper it
    calls may switch gradients off (`requires_grad`, `set_requires_grad`,
    `toggle_optimizer`, `with self.toggled_optimizer(...)`, `freeze`), when a call gradfix
    cannot see may clear gradients on the way, and when one loss is backpropagated for both
    models (no loss through `D` alone).
    A loss may run `D` in a function of the file, or a method of the class, that it is
    handed to (`d_hinge(D, real, fake.detach())`, `self.adv_g(self.D, fake)`: a function that
    calls that parameter); both losses may be returned by one function of the file handed the
    models (`g_loss, d_loss = compute_losses(G, D, z, real)`), each read in its own `return`
    element. A step function's next call is read as the next iteration when
    every caller gradfix reads runs it once per batch and clears nothing around it (Lightning
    clears nothing between two calls of a manual `training_step`).

    The summed form is reported when one backward of the iteration (beside others or not)
    reaches the steps of both optimizers with no clear between, and its terms, read in two named losses,
    are provably a discriminator's and a generator's: either one loss runs `D` alone and on the
    generator's output, and the other runs `D` on that output too (`d_loss = bce(D(real), ones)
    + bce(D(fake), zeros)`, `g_loss = bce(D(fake), ones)`), or one detaches the generator's
    output for `D` and the other does not. Silent on a sum of two models trained together (an
    encoder and a head, the two generators of a cycle, a loss and its regulariser on one
    output: no such pair), on one optimizer over both models (a VAE-GAN's encoder and
    decoder), when gradients may be switched off, and on the terms written in one expression
    (`(bce(D(real), ones) + bce(D(fake), zeros) + bce(D(fake), ones)).backward()`: which
    term is whose is not read). The sum may be returned by a function of the file, or a method
    of the class, handed the models (`loss = total_loss(G, D, real, z)`, `return d_loss +
    g_loss`), read there. What to do: two
    backwards with `D`'s optimizer cleared between them (or `D` frozen for the generator's
    term), and the generator's output detached in `D`'s loss.

    The mirror is reported when the discriminator's loss runs `D`, itself (not through a
    helper handed it), both on something the generator did not compute (`D(real)`) and on the
    generator's output, with nothing detached or computed under `no_grad`, and another loss
    backpropagated in the iteration, the generator's, runs `D` on the generator's output only,
    undetached (two losses that each run `D` on real data, a feature-matching generator's
    loss beside the discriminator's, are not told apart: silent). Silent when `G`'s optimizer is
    cleared between that backward and its step, when `G`'s gradients may be switched off, and
    when `G` is stepped before. The optimizers may also be unpacked from a method of the
    trainer building both over its modules (`self.opt_vq, self.opt_disc =
    self.configure_optimizers(args)`). The fix is the author's: detach the generator's output
    in the discriminator's loss (`D(fake.detach())`), or step `G` before that backward.
    """

    code = "GF032"
    name = "generator-gradient-in-discriminator-step"
    message = (
        "`{step}` applies{when} the gradient `{backward}` (line {line}) wrote into `{module}` through `{forward}`, "
        "with no clear of `{opt}` in between: call `{opt}.zero_grad()` between that backward and the backward of `{module}`'s own loss"
    )
    safety = Safety.DISPLAY

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        backward = EventKind.BACKWARD
        for loop in model.loops:
            count = sum(1 for e in loop.events if e.kind is backward and not e.via)
            if not count:
                continue
            # direct, not foreign: the iteration's own events and those of the loops nested in it
            # (a WGAN critic's `for _ in range(n_critic):`), each pair once (`_reaches`)
            owned = [e for e in loop.events if not e.via and e.source is None]
            backwards = [e for e in owned if e.kind is backward]
            if not backwards:
                continue
            steps = [
                e for e in owned
                if e.kind is EventKind.STEP and e.target is not None and not e.engine and not e.gated
            ]  # fmt: skip
            if len({e.target for e in steps}) < 2:
                continue  # (cheap first: most loops step one optimizer)
            training = training_loop_ids(model)
            if len(backwards) < 2:
                yield from self._summed(loop, model, backwards[0], steps, training)
                continue
            reported: set[int] = set()
            for each in backwards:  # a summed backward beside others (an autoencoder's own, a critic's loop)
                for finding in self._summed(loop, model, each, steps, training):
                    if id(finding.node) not in reported:
                        reported.add(id(finding.node))
                        yield finding
            for finding in self._pairs(loop, model, backwards, steps, training):
                if id(finding.node) not in reported:
                    reported.add(id(finding.node))
                    yield finding

    def _pairs(
        self, loop: TrainingLoop, model: ModuleModel, backwards: list[GradEvent], steps: list[GradEvent], training: set[int]
    ) -> Iterator[Finding]:
        """Two backwards, the generator's and the discriminator's own, and a step of `D`'s optimizer
        the first reaches."""
        slots = {_slot(e, loop, training) for e in backwards} | {_slot(e, loop, training) for e in steps}
        if len(slots) == 1 and None not in slots:
            return  # all inside one nested training loop: its own check reads them (an epoch loop around the batches)
        text = model.source.outer_segment(loop.node)
        # no detach anywhere: no discriminator's loss keeping the generator out, only the mirror
        # (`_mirrored`: the discriminator's loss on the generator's output undetached)
        keeps = bool(_KEEPS_OUT_WORDS.search(text)) or _helper_keeps_out(loop, model)
        # (a step function handed the trainer object, `def gan_step(tr, ...)`: the modules
        # named as its code names them, `tr.D`, which the forwards' keys are)
        stepped = {e.target: {model.as_written_name(o, loop) for o in _owners(e.target, loop, model)} for e in steps}  # type: ignore[misc]
        stepped = {k: v for k, v in stepped.items() if v}
        if len(stepped) < 2:
            return
        candidates = _candidates(loop, backwards, steps, stepped, training)
        if not candidates:
            return
        if not _may_freeze(text, loop, model):
            yield from self._loop(loop, model, backwards, candidates, stepped, keeps)

    def _loop(
        self,
        loop: TrainingLoop,
        model: ModuleModel,
        backwards: list[GradEvent],
        candidates: list[tuple[str, str, GradEvent, GradEvent, str]],
        stepped: dict[str, set[str]],
        keeps: bool,
    ) -> Iterator[Finding]:
        """`candidates` (`_candidates`): now read which models each loss runs through. `keeps`:
        the iteration may keep the generator's output out of a loss (else only the mirror is read)."""
        # the models the optimizers are built over, by name: `D_a(fake)` runs one (`is_forward_call`
        # reads a capitalised name longer than two letters as a class: `Net(...)`)
        named = frozenset(o for owners in stepped.values() for o in owners if "." not in o and "[" not in o)
        entries = any(o.endswith('"]') for owners in stepped.values() for o in owners)  # (`entry_key`)
        graphs = GraphFlow(loop.node, model.source, model.facts.imports.qualify, named, entries)
        read: dict[int, tuple[ast.expr, GraphSlice, list] | None] = {}  # type: ignore[type-arg]

        def forwards(event: GradEvent) -> tuple[ast.expr, GraphSlice, list] | None:  # type: ignore[type-arg]
            if id(event) not in read:
                loss = _backpropagated(event)
                found = graphs.slice(loss, event.statement) if loss is not None else None
                if found is None:
                    read[id(event)] = None
                else:
                    calls = list(graphs.forwards_of(loss))  # type: ignore[arg-type]
                    for unit in found.units:
                        calls += graphs.graph(unit).forwards
                    calls = [(c, k) for c, k in calls if k is not None]
                    calls += _handed_forwards(calls, loop, model)
                    unpacked = _unpacked_loss(loss, found, calls, model)  # type: ignore[arg-type]
                    if unpacked is not None:
                        calls, kept[id(event)] = unpacked
                    read[id(event)] = (loss, found, calls)  # type: ignore[assignment]
            return read[id(event)]

        kept: dict[int, object] = {}  # a loss unpacked from a helper's tuple: how to ask `_keeps_out` there

        alone: dict[tuple[str, str], bool] = {}
        mirrored: dict[tuple[int, tuple[str, str]], tuple | None] = {}  # type: ignore[type-arg]
        reported: set[int] = set()
        for d_opt, g_opt, backward, step, when in candidates:
            if id(step.node) in reported:
                continue
            d_owners, g_owners = stepped[d_opt], stepped[g_opt]
            this = forwards(backward)
            if this is None:
                return  # a backward gradfix cannot read: what it walked is unknown
            d_call = next(((c, k) for c, k in this[2] if _owned(k, d_owners)), None)
            if d_call is None or not any(_owned(k, g_owners) for _, k in this[2]):
                continue  # not a loss through both models
            pair = (d_opt, g_opt)
            if pair not in alone:
                # the discriminator's own loss: through it alone, keeping the generator's output out
                alone[pair] = False
                for other in backwards if keeps else ():
                    found = forwards(other)
                    if found is None:
                        return
                    if any(_owned(k, d_owners) for _, k in found[2]) and not any(_owned(k, g_owners) for _, k in found[2]):
                        inside = kept.get(id(other))
                        if inside(g_owners) if inside is not None else _keeps_out(found[0], found[1], graphs, g_owners):  # type: ignore[operator]
                            alone[pair] = True
                            break
            if alone[pair]:
                reported.add(id(step.node))
                yield self._finding(step, backward, d_call, d_opt, when, loop, model)
                continue
            # the mirror: `d_opt` is the generator's optimizer, the backward the discriminator's
            # loss run on the generator's output undetached (`_mirrored`)
            if id(backward) in kept:
                continue  # (a loss unpacked from a helper's tuple: its calls of D not read)
            if (key := (id(backward), pair)) not in mirrored:
                mirrored[key] = _mirrored(this, [forwards(o) for o in backwards if o is not backward and id(o) not in kept], d_owners, g_owners, graphs)
            through = mirrored[key]
            if through is not None:
                reported.add(id(step.node))
                yield self._finding(step, backward, (through[0], d_call[1]), d_opt, when, loop, model, self.mirror_message)

    mirror_message = (
        "`{step}` applies{when} the gradient `{backward}` (line {line}) wrote into `{module}` through `{forward}`: "
        "that loss runs the discriminator on `{module}`'s output undetached, so `{opt}` steps on it too, helping the "
        "discriminator: detach the generator's output in that loss"
    )

    summed_message = (
        "`{step}` applies the gradient `{backward}` (line {line}) writes into `{module}` through `{forward}`, "
        "the generator's term of a summed loss, along with `{module}`'s own loss: backpropagate the generator's loss "
        "and `{module}`'s separately, with `{opt}.zero_grad()` between (or `{module}`'s gradients switched off for the "
        "generator's), and detach the generator's output in `{module}`'s loss"
    )

    def _summed(
        self, loop: TrainingLoop, model: ModuleModel, backward: GradEvent, steps: list[GradEvent], training: set[int]
    ) -> Iterator[Finding]:
        """One backward of a sum (`(d_loss + g_loss).backward()`, `total = d_loss + g_loss`,
        `sum([d_loss, g_loss])`, `torch.stack([...]).sum()`) that reaches, uncleared, the steps of
        two optimizers over separate models, `G` and `D`: reported when the sum holds a term
        through `D` alone (`D(real)`) and the terms are a discriminator's and a generator's —
        `D`'s output on the generator's output in two terms (`bce(D(fake), zeros)` and
        `bce(D(fake), ones)`), or a term that detaches the generator's output for `D` beside
        one that does not. A loss of two models trained together (an encoder and a head, the
        two generators of a cycle) has neither: silent."""
        if backward.engine:
            return  # (DeepSpeed's engine: clears by itself)
        stepped = {}
        for e in steps:
            if e.target not in stepped:
                stepped[e.target] = {model.as_written_name(o, loop) for o in _owners(e.target, loop, model)}  # type: ignore[index]
        stepped = {k: v for k, v in stepped.items() if v}
        if len(stepped) < 2:
            return
        at = {id(e): i for i, e in enumerate(loop.events)}
        clears = [i for i, e in enumerate(loop.events) if e.kind is EventKind.CLEAR or e.kind is EventKind.UNKNOWN]
        reached: dict[str, GradEvent] = {}
        for step in steps:
            owners = stepped.get(step.target)  # type: ignore[arg-type]
            if owners is None or step.target in reached or _in_one_nested_loop(backward, step, loop, training):
                continue
            if _reaches(backward, step, loop, owners, stepped, at, clears) == "":
                reached[step.target] = step  # type: ignore[index]
        if len(reached) < 2:
            return
        loss = _backpropagated(backward)
        if loss is None:
            return
        text = model.source.outer_segment(loop.node)
        if _may_freeze(text, loop, model):
            return
        named = frozenset(o for owners in stepped.values() for o in owners if "." not in o and "[" not in o)
        entries = any(o.endswith('"]') for owners in stepped.values() for o in owners)  # (`entry_key`)
        graphs = GraphFlow(loop.node, model.source, model.facts.imports.qualify, named, entries)
        terms = _terms(loss, backward.statement, graphs)
        if len(terms) < 2:
            # `loss = total_loss(G, D, real, z)`: the sum returned by a helper handed the models
            yield from self._summed_in_helper(loop, model, backward, loss, reached, stepped, graphs)
            return
        sliced = []
        for term, group in terms:
            found = graphs.slice(term, backward.statement)
            if found is None:
                return
            calls = list(graphs.forwards_of(term))
            for unit in found.units:
                calls += graphs.graph(unit).forwards
            calls = [(c, k) for c, k in calls if k is not None]
            calls += _handed_forwards(calls, loop, model)
            # `d_loss, g_loss = losses(G, D, real, z)`: each read in its own `return` element
            unpacked = _unpacked_loss(term, found, calls, model, loop)
            sliced.append((term, group, found, calls, None) if unpacked is None else (term, group, found, unpacked[0], unpacked[1]))
        for d_opt, step in reached.items():
            d_owners = stepped[d_opt]
            for g_opt in reached:
                g_owners = stepped[g_opt]
                if g_opt == d_opt or _overlap(d_owners, g_owners):
                    continue
                through = _adversarial(sliced, d_owners, g_owners, graphs)
                if through is not None:
                    yield self._finding(step, backward, through, d_opt, "", loop, model, self.summed_message)
                    break

    def _summed_in_helper(
        self, loop: TrainingLoop, model: ModuleModel, backward: GradEvent, loss: ast.expr, reached: dict[str, GradEvent],
        stepped: dict[str, set[str]], graphs: GraphFlow,
    ) -> Iterator[Finding]:
        """The backpropagated loss is (a name the iteration binds once to) the call of a plain
        function of this file, or of a method of the loop's class through `self.`, whose one
        `return` sums the losses (`return d_loss + g_loss`): its terms read there (`_terms`,
        `_adversarial`), each model under the name the helper gives what the call hands it
        (`self.` kept). Silent when any part is not read."""
        from gradfix.analysis.handed_in import _argument

        call = loss
        if call.__class__ is ast.Name:
            call = _bound_once(call.id, backward.statement, graphs)  # type: ignore[attr-defined, assignment]
        if call is None or call.__class__ is not ast.Call:
            return
        if any(a.__class__ is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords):  # type: ignore[attr-defined]
            return
        func = call.func  # type: ignore[attr-defined]
        info, skip = None, 0
        if func.__class__ is ast.Name:
            info = model.facts.module_functions.get(func.id)
            if info is not None and info.class_name is not None:
                return
        elif func.__class__ is ast.Attribute and func.value.__class__ is ast.Name and func.value.id == "self" and loop.function is not None:
            owner = model.source.owner_of(loop.function)  # type: ignore[arg-type]
            if owner.__class__ is ast.ClassDef:
                info = model.facts.methods.get(owner.name, {}).get(func.attr)  # type: ignore[attr-defined]
            skip = 1
        if info is None or info.source is not None and info.source is not model.source:
            return
        helper = info.node
        if _FREEZES.search(model.source.segment(helper)) or any(n is not helper and n.__class__ in FUNCTIONS for n in ast_walk(helper)):
            return
        returns = [n for n in ast_walk(helper) if n.__class__ is ast.Return]
        if len(returns) != 1 or returns[0].value is None:
            return
        handed: dict[str, str] = {"self": "self"} if skip else {}
        params = info.params[skip:]
        for param in params:
            passed = _argument(call, params, param)  # type: ignore[arg-type]
            key = dotted(passed) if passed is not None else None
            if key is not None:
                handed[param] = key
        inner = GraphFlow(helper, model.source, model.facts.imports.qualify, frozenset(handed))
        terms = _terms(returns[0].value, returns[0], inner)
        if len(terms) < 2:
            return

        def here(owners: set[str]) -> set[str]:  # the models, as the helper names them
            return {
                param + owner[len(outer):] for param, outer in handed.items() for owner in owners
                if owner == outer or owner.startswith(outer + ".")
            }  # fmt: skip

        sliced = []
        for term, group in terms:
            found = inner.slice(term, returns[0])
            if found is None:
                return
            calls = list(inner.forwards_of(term))
            for unit in found.units:
                calls += inner.graph(unit).forwards
            for _, key in calls:
                if key is not None and key.split(".", 1)[0].split("[", 1)[0] not in handed:
                    return  # a model the helper reaches otherwise: not read
            sliced.append((term, group, found, [(c, k) for c, k in calls if k is not None], None))
        for d_opt, step in reached.items():
            d_owners = here(stepped[d_opt])
            for g_opt in reached:
                g_owners = here(stepped[g_opt])
                if g_opt == d_opt or not d_owners or not g_owners or _overlap(stepped[d_opt], stepped[g_opt]):
                    continue
                through = _adversarial(sliced, d_owners, g_owners, inner)
                if through is not None:
                    yield self._finding(step, backward, through, d_opt, "", loop, model, self.summed_message)
                    break

    def _finding(
        self, step: GradEvent, backward: GradEvent, d_call, d_opt: str, when: str, loop: TrainingLoop, model: ModuleModel,  # type: ignore[no-untyped-def]
        template: str | None = None,
    ) -> Finding:
        source = model.source
        call, key = d_call
        message = (template or self.message).format(
            step=source.outer_segment(step.node).strip(),
            backward=source.outer_segment(backward.node).strip(),
            line=backward.statement.lineno,
            module=key,
            forward=source.outer_segment(call).strip(),
            opt=d_opt,
            when=when,
        )
        return Finding(self.code, message, step.node, related=(loop.node, backward.statement, step.statement))


def _terms(loss: ast.expr, statement: ast.AST, graphs: GraphFlow, group: str | None = None, depth: int = 0) -> list[tuple[ast.expr, str | None]]:
    """The terms a loss sums, read through `+`/`-`, a coefficient (`0.5 * x`, `lam * x`), `sum([...])`,
    `torch.stack([...]).sum()` (or `.mean()`), `torch.sum(torch.stack([...]))`, and a name the
    iteration binds once before `statement` to one of these (`total = d_loss + g_loss`,
    `losses = [d_loss, g_loss]`). A term of another form is one term. Each with its group: the
    name of the loss it was read in (`d_loss` for both halves of `d_loss = bce(D(real), ones) +
    bce(D(fake), zeros)`; a term that is a name, its own), None for a term written in the
    backward itself."""
    if depth > 8:
        return [(loss, group)]
    kind = loss.__class__
    if kind is ast.BinOp:
        op = loss.op.__class__  # type: ignore[attr-defined]
        left, right = loss.left, loss.right  # type: ignore[attr-defined]
        if op in (ast.Add, ast.Sub):
            return _terms(left, statement, graphs, group, depth + 1) + _terms(right, statement, graphs, group, depth + 1)
        if op in (ast.Mult, ast.Div):
            coefficient = (ast.Constant, ast.Name, ast.Attribute)
            if right.__class__ in coefficient and left.__class__ is not ast.Constant:
                if right.__class__ is ast.Constant or _coefficient(right, statement, graphs):
                    return _terms(left, statement, graphs, group, depth + 1)
            if op is ast.Mult and left.__class__ in coefficient and (left.__class__ is ast.Constant or _coefficient(left, statement, graphs)):
                return _terms(right, statement, graphs, group, depth + 1)
        return [(loss, group)]
    if kind is ast.UnaryOp and loss.op.__class__ in (ast.USub, ast.UAdd):  # type: ignore[attr-defined]
        return _terms(loss.operand, statement, graphs, group, depth + 1)  # type: ignore[attr-defined]
    if kind in (ast.List, ast.Tuple):
        return [t for e in loss.elts for t in _terms(e, statement, graphs, group, depth + 1)]  # type: ignore[attr-defined]
    if kind is ast.Call:
        name = graphs.qualify(call_name(loss)) or call_name(loss) or ""  # type: ignore[arg-type]
        args = loss.args  # type: ignore[attr-defined]
        if name in ("sum", "torch.sum", "torch.stack", "torch.mean") and len(args) == 1 and not loss.keywords:  # type: ignore[attr-defined]
            return _terms(args[0], statement, graphs, group, depth + 1)
        method = method_name(loss)  # type: ignore[arg-type]
        if method in ("sum", "mean") and not args and not loss.keywords:  # type: ignore[attr-defined]
            inner = receiver(loss)  # type: ignore[arg-type]
            if inner is not None and inner.__class__ is ast.Call and (graphs.qualify(call_name(inner)) or "") == "torch.stack":
                return _terms(inner, statement, graphs, group, depth + 1)
        return [(loss, group)]
    if kind is ast.Name:
        value = _bound_once(loss.id, statement, graphs)  # type: ignore[attr-defined]
        if value is not None and value.__class__ in (ast.BinOp, ast.List, ast.Tuple, ast.Call, ast.UnaryOp):
            found = _terms(value, statement, graphs, loss.id, depth + 1)  # type: ignore[attr-defined]
            if len(found) > 1:
                return found
        return [(loss, loss.id)]  # type: ignore[attr-defined]
    return [(loss, group)]


def _bound_once(name: str, statement: ast.AST, graphs: GraphFlow) -> ast.expr | None:
    """The value `name` is bound to by the one plain assignment of the iteration that binds it,
    when that assignment comes before `statement`; else None."""
    flow = graphs.flow
    end = flow.position(statement)
    if end is None:
        return None
    value = None
    for index, unit in enumerate(flow.units):
        if name not in graphs.graph(unit).binds:
            continue
        node = unit.node
        if (
            index > end or value is not None or node.__class__ is not ast.Assign or len(node.targets) != 1  # type: ignore[attr-defined]
            or node.targets[0].__class__ is not ast.Name  # type: ignore[attr-defined]
        ):  # fmt: skip
            return None
        value = node.value  # type: ignore[attr-defined]
    return value


def _coefficient(expr: ast.expr, statement: ast.AST, graphs: GraphFlow) -> bool:
    """A name or attribute that carries no graph in the iteration: read from nothing it computes
    (`lam`, `self.lambda_adv`, `cfg.w`)."""
    return not graphs.forwards_of(expr) and _bound_once(dotted(expr) or "", statement, graphs) is None and not any(
        (dotted(expr) or "") in graphs.graph(unit).binds for unit in graphs.flow.units
    )


def _adversarial(sliced: list, d_owners: set[str], g_owners: set[str], graphs: GraphFlow):  # type: ignore[no-untyped-def, type-arg]
    """The summed terms (`_terms`, each with its group, slice and forwards) are a discriminator's
    loss and a generator's, read in two groups (two named losses): either one group runs `D`
    alone (`D(real)`) and on the generator's output, and another group runs `D` on that output
    too (the same call, or a call written alike: `bce(D(fake), zeros)` in `d_loss` and
    `bce(D(fake), ones)` in `g_loss`); or one group detaches the generator's output for `D`
    (`_keeps_out`) in a term through `D` alone, and another runs `D` on it undetached. (One loss
    of two models trained together reads a model's output in two terms of one group, a loss and
    its regulariser: not these.) The first call of `D` on the generator's output in the other
    group, with its key; else None."""
    outputs: set[str] = set()  # what the iteration computes, with its graph, from the generator's forwards
    for unit in graphs.flow.units:
        graph = graphs.graph(unit)
        if any(k is not None and _owned(k, g_owners) for _, k in graph.forwards) or any(
            graphs.reads_any_key(key, outputs) for key in graph.flows
        ):
            outputs |= graph.binds
    alone: set[object] = set()  # groups with a term through D alone
    detached: set[object] = set()  # ... of them, one that detaches the generator's output for D
    on_fake: list[tuple[object, list]] = []  # type: ignore[type-arg]  # per term through both: its group, D's calls on the generator's output
    for index, (term, group, found, calls, inside) in enumerate(sliced):
        group = group if group is not None else ("term", index)
        d_calls = [(c, k) for c, k in calls if _owned(k, d_owners)]
        if not d_calls:
            continue
        if not any(_owned(k, g_owners) for _, k in calls):
            alone.add(group)
            if inside(g_owners) if inside is not None else _keeps_out(term, found, graphs, g_owners):
                detached.add(group)
            continue
        if inside is not None:
            on_fake.append((group, [(c, k, None) for c, k in d_calls]))  # (the helper's call itself: no reading of D's inputs)
            continue
        here = []
        for call, key in d_calls:
            inputs = list(call.args) + [k.value for k in call.keywords]
            if any(
                any(k is not None and _owned(k, g_owners) for _, k in graphs.forwards_of(a))
                or any(graphs.reads_any_key(key, outputs) for key in graphs.flows_of(a))
                for a in inputs
            ):  # fmt: skip
                here.append((call, key, ast.dump(call)))
        if here:
            on_fake.append((group, here))
    if not alone:
        return None
    for group, here in on_fake:
        if any(g != group for g in detached):
            return here[0][:2]
    texts: dict[object, set[str]] = {}
    for group, here in on_fake:
        texts.setdefault(group, set()).update(t for _, _, t in here if t is not None)
    for group, here in on_fake:
        for call, key, text in here:
            if text is not None and any(g != group and g in alone and text in seen for g, seen in texts.items()):
                return call, key
    return None


def _generator_outputs(graphs: GraphFlow, g_owners: set[str]) -> set[str]:
    """What the iteration computes, with its graph, from the generator's forwards."""
    outputs: set[str] = set()
    for unit in graphs.flow.units:
        graph = graphs.graph(unit)
        if any(k is not None and _owned(k, g_owners) for _, k in graph.forwards) or any(
            graphs.reads_any_key(key, outputs) for key in graph.flows
        ):
            outputs |= graph.binds
    return outputs


def _split_calls(read: tuple, d_owners: set[str], g_owners: set[str], outputs: set[str], graphs: GraphFlow):  # type: ignore[no-untyped-def, type-arg]
    """A loss's calls of `D` (`read`: its expression, slice and forwards), split in those on
    what the generator computed and those on anything else (`D(real)`); None when one is not a
    call of `D` itself (a helper handed `D`: its inputs are not `D`'s)."""
    on_fake, alone = [], []
    unread = _unread_elements(read)
    for call, key in read[2]:
        if not _owned(key, d_owners) or id(call) in unread:
            continue
        func = dotted(call.func)
        if func is None and graphs.entries:
            func = entry_key(call.func)  # `nets["disc"](fake)`
        if func is None or not _owned(func, d_owners):
            return None
        inputs = list(call.args) + [k.value for k in call.keywords]
        if any(a.__class__ is ast.Starred for a in call.args):
            return None
        if any(graphs.reads_any_key(k, outputs) for a in inputs for k in graphs.flows_of(a)) or any(
            k is not None and _owned(k, g_owners) for a in inputs for _, k in graphs.forwards_of(a)
        ):
            on_fake.append(call)
        else:
            alone.append(call)
    return on_fake, alone


def _unread_elements(read: tuple) -> set[int]:  # type: ignore[type-arg]
    """The calls of the loss's slice (`read`: its expression, slice and forwards) bound by a
    tuple assignment to a name the loss does not read (`d_real, d_fake = D(real), D(fake)` in
    the slice of `g_loss = -d_fake.mean()`: `D(real)` is not the generator's loss's)."""
    loss, found = read[0], read[1]
    loaded: set[str] | None = None
    unread: set[int] = set()
    for unit in found.units:
        node = unit.node
        if node.__class__ is not ast.Assign or len(node.targets) != 1:  # type: ignore[attr-defined]
            continue
        target, value = node.targets[0], node.value  # type: ignore[attr-defined]
        if target.__class__ not in (ast.Tuple, ast.List) or value.__class__ not in (ast.Tuple, ast.List):
            continue
        if len(target.elts) != len(value.elts):  # type: ignore[attr-defined]
            continue
        if loaded is None:
            loaded = set()
            for each in [loss] + [u.node for u in found.units]:
                loaded.update(n.id for n in ast_walk(each) if n.__class__ is ast.Name and n.ctx.__class__ is ast.Load)  # type: ignore[attr-defined]
        for name, element in zip(target.elts, value.elts):  # type: ignore[attr-defined]
            if name.__class__ is ast.Name and name.id not in loaded:  # type: ignore[attr-defined]
                unread.update(id(n) for n in ast_walk(element) if n.__class__ is ast.Call)
    return unread


def _mirrored(this: tuple, others: list, g_owners: set[str], d_owners: set[str], graphs: GraphFlow):  # type: ignore[no-untyped-def, type-arg]
    """GF032's mirror: `this` (a backpropagated loss: its expression, slice and forwards) is a
    discriminator's loss that reaches the generator: it runs `D` on something the generator did
    not compute (`D(real)`) and on the generator's output with nothing detached (`D(fake)`);
    and another loss (`others`) is the generator's: it runs `D` only on the generator's output,
    undetached. The first call of `D` on the generator's output in `this`; else None (also when
    a loss is not read, or `D` is run through a helper)."""
    outputs = _generator_outputs(graphs, g_owners)
    split = _split_calls(this, d_owners, g_owners, outputs, graphs)
    if split is None or not split[0] or not split[1]:
        return None
    if not any(_owned(k, g_owners) for _, k in this[2]) or _keeps_out(this[0], this[1], graphs, g_owners):
        return None
    for other in others:
        if other is None:
            return None
        if not any(_owned(k, g_owners) for _, k in other[2]):
            continue
        theirs = _split_calls(other, d_owners, g_owners, outputs, graphs)
        if theirs is None:
            return None
        if theirs[0] and not theirs[1] and not _keeps_out(other[0], other[1], graphs, g_owners):
            return split[0][0], None
    return None


def _helper_keeps_out(loop: TrainingLoop, model: ModuleModel) -> bool:
    """A plain function of this file that the iteration calls by name says a word of
    `_KEEPS_OUT_WORDS` (`compute_losses(G, D, ...)` detaching the fakes for the discriminator's
    loss, read by `_unpacked_loss`)."""
    functions = model.facts.module_functions
    for node in ast_walk(loop.node):
        if node.__class__ is ast.Call and node.func.__class__ is ast.Name:  # type: ignore[attr-defined]
            info = functions.get(node.func.id)  # type: ignore[attr-defined]
            if info is not None and info.class_name is None and (info.source is None or info.source is model.source):
                if _KEEPS_OUT_WORDS.search(model.source.segment(info.node)):
                    return True
    return False


def _unpacked_loss(loss: ast.expr, found: GraphSlice, calls: list, model: ModuleModel, loop: TrainingLoop | None = None):  # type: ignore[no-untyped-def, type-arg]
    """`g_loss, d_loss = compute_losses(G, D, masked, target)`: the loss is a name unpacked, by a
    statement of its slice, from the call of a plain function of this file whose one `return`
    is a tuple of as many values, and every model the loss runs is run through that call (the
    helper is handed the models and computes both losses). Read in the helper, the element the
    loss is: (the models it runs there, each under the key of what the call hands that
    parameter, at the call; a test of `_keeps_out` for the element in the helper, given the
    generator's models here). None when the shape is another, or a part is not read (then the
    call counts as running every model it is handed, as before). With `loop` (the summed
    form's reading), also a method of the loop's class called through `self.` (`d_loss, g_loss
    = self.losses(real, z)`), `self` handed as itself."""
    from gradfix.analysis.handed_in import _argument

    if loss.__class__ is not ast.Name:
        return None
    for unit in found.units:
        node = unit.node
        if node.__class__ is not ast.Assign or len(node.targets) != 1 or node.targets[0].__class__ not in (ast.Tuple, ast.List):
            continue
        names = [e.id if e.__class__ is ast.Name else None for e in node.targets[0].elts]
        if loss.id not in names:
            continue
        call = node.value
        if call.__class__ is not ast.Call or any(c is not call for c, _ in calls):
            return None
        if any(a.__class__ is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        func = call.func
        skip = 0
        if func.__class__ is ast.Name:
            info = model.facts.module_functions.get(func.id)
            if info is not None and info.class_name is not None:
                return None
        elif (
            loop is not None and loop.function is not None and func.__class__ is ast.Attribute
            and func.value.__class__ is ast.Name and func.value.id == "self"
        ):  # fmt: skip
            owner = model.source.owner_of(loop.function)  # type: ignore[arg-type]
            if owner.__class__ is not ast.ClassDef:
                return None
            info = model.facts.methods.get(owner.name, {}).get(func.attr)  # type: ignore[attr-defined]
            skip = 1
        else:
            return None
        if info is None or info.source is not None and info.source is not model.source:
            return None
        helper = info.node
        if _FREEZES.search(model.source.segment(helper)):
            return None  # it may switch a model's gradients off
        returns = [n for n in ast_walk(helper) if n.__class__ is ast.Return]
        value = returns[0].value if len(returns) == 1 else None
        if value.__class__ not in (ast.Tuple, ast.List) or len(value.elts) != len(names):
            return None
        if any(n is not helper and n.__class__ in FUNCTIONS for n in ast_walk(helper)):
            return None  # (a nested function: its own scope)
        element = value.elts[names.index(loss.id)]
        handed: dict[str, str] = {"self": "self"} if skip else {}
        params = info.params[skip:]
        for param in params:
            passed = _argument(call, params, param)
            key = dotted(passed) if passed is not None else None
            if key is not None:
                handed[param] = key
        inner = GraphFlow(helper, model.source, model.facts.imports.qualify, frozenset(handed))
        sliced = inner.slice(element, returns[0])
        if sliced is None:
            return None
        forwards = list(inner.forwards_of(element))
        for each in sliced.units:
            forwards += inner.graph(each).forwards
        mapped = []
        for _, key in forwards:
            if key is None:
                continue
            root = key.split(".", 1)[0].split("[", 1)[0]
            if root not in handed:
                return None  # a model the helper reaches otherwise: not read
            mapped.append((call, handed[root] + key[len(root):]))

        def keeps_out(g_owners: set[str]) -> bool:
            here = {
                param + owner[len(outer):] for param, outer in handed.items() for owner in g_owners
                if owner == outer or owner.startswith(outer + ".")
            }  # fmt: skip
            return bool(here) and _keeps_out(element, sliced, inner, here)

        return mapped, keeps_out
    return None


def _handed_forwards(calls: list, loop: TrainingLoop, model: ModuleModel) -> list:  # type: ignore[type-arg]
    """`d_loss = hinge_d(D, real, fake.detach())`: a function of the file (or a method of the
    loop's class, through `self.`) that calls one of its parameters runs the module handed in
    there: (the call, that module's key) for each. Not when the function may switch
    gradients off (`_FREEZES`)."""
    found = []
    for call, _ in calls:
        func = call.func
        info = None
        if func.__class__ is ast.Name:
            info = model.facts.module_functions.get(func.id)
            skip = 0
        elif func.__class__ is ast.Attribute and func.value.__class__ is ast.Name and func.value.id == "self" and loop.function is not None:
            owner = model.source.owner_of(loop.function)  # type: ignore[arg-type]
            if owner.__class__ is ast.ClassDef:
                info = model.facts.methods.get(owner.name, {}).get(func.attr)  # type: ignore[attr-defined]
            skip = 1
        if info is None or (info.source is not None and info.source is not model.source):
            continue
        if _FREEZES.search(model.source.segment(info.node)):
            continue  # it may switch the module's gradients off around its forward
        called = {
            n.func.id for n in ast_walk(info.node) if n.__class__ is ast.Call and n.func.__class__ is ast.Name  # type: ignore[attr-defined]
        }  # fmt: skip
        handed = list(zip(info.params[skip:], call.args)) + [(k.arg, k.value) for k in call.keywords if k.arg is not None]
        for name, argument in handed:
            key = dotted(argument) if name in called else None
            if key is not None:
                found.append((call, key))
    return found


def _owners(target: str, loop: TrainingLoop, model: ModuleModel) -> set[str]:
    """The models an optimizer is built over, for an optimizer built in the loop's own function
    (a plain name), on `self` or at module level (a module-level name the function neither
    takes nor assigns), or handed in with the models to the loop's function or to its class's
    `__init__` (read at every call: `handed_in_modules`); else none (another function's of
    the same name)."""
    facts = model.facts
    function = loop.function
    info = None
    if "." in target or function is None:
        info = facts.info(target)
        if info is None and function is not None and target.startswith("self.") and target.count(".") == 1:
            # handed in to the class (`self.opt_d = opt_d` in `__init__`, beside `self.D = D`)
            keys = _bound_from_init_parameters(function, model)
            if target in keys:
                return handed_in_modules(target, keys - {target}, loop, model)
            # `self.opt_g, self.opt_d = self.configure_optimizers(args)`: a method building both
            return _unpacked_from_method(target, function, model)
    else:
        info = facts.local_objects.get(id(function), {}).get(target)
        if info is None:
            parameters = function_parameters(function)  # type: ignore[arg-type]
            if target in parameters:
                # handed in (`def train_step(G, D, opt_g, opt_d, ...)`): the modules among the
                # other parameters that every call passes with an optimizer built over them
                return handed_in_modules(target, parameters - {target, "self"}, loop, model)
            if not _bindings(function, target):
                info = facts.info(target)
    if info is None and function is not None and "." not in target:
        # Lightning's list read by index: `opts = self.optimizers()` then `opts[1].step()`, or
        # `g_opt, d_opt = opts[0], opts[1]` (`_position_in_optimizers` insists on the call)
        owners = _configured_owners(target, function, model)
        if owners:
            return owners
    if info is None and "." not in target and "[" not in target:
        # `g_opt, d_opt = make_optimizers(G, D)`: a builder of the file returning both
        return _unpacked_from_builder(target, function if function is not None else model.source.tree, model)
    if info is None or info.kind != "optimizer" or not info.strong:
        return set()
    if info.params is None:
        if info.library == "lightning-optimizer" and function is not None and "." not in target:
            return _configured_owners(target, function, model)
        return set()
    return optimizer_owners(info.params, model.source) or _entry_owners(info.params)


def _entry_owners(params: ast.expr) -> set[str]:
    """`torch.optim.Adam(nets["disc"].parameters())`: the dict's entry (`entry_key`) whose
    parameters the optimizer is built over, read only when that is the whole of `params` (the
    models as entries of a dict under constant strings); else none."""
    if params.__class__ is not ast.Call or method_name(params) not in ("parameters", "named_parameters"):  # type: ignore[arg-type]
        return set()
    key = entry_key(receiver(params))  # type: ignore[arg-type]
    return {key} if key is not None else set()


def _unpacked_from_method(target: str, function: ast.AST, model: ModuleModel) -> set[str]:
    """`self.opt_vq, self.opt_disc = self.configure_optimizers(args)`, the one binding of
    `target` (`self.<name>`) in the class of the loop's method, unpacking the call of a method
    of that class (no nested function) whose one `return` is a tuple (or list) of as many
    optimizers, each a torch optimizer's constructor written there or a name the method binds
    once to one, built over modules of `self` (`self.discriminator.parameters()`): those.
    Empty when any part cannot be read."""
    owner = model.source.owner_of(function)  # type: ignore[arg-type]
    if owner.__class__ is not ast.ClassDef:
        return set()
    attr = target[len("self."):]
    binding = None
    for node in ast_walk(owner):
        if node.__class__ is ast.Attribute and node.attr == attr and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            if binding is not None or node.value.__class__ is not ast.Name or node.value.id != "self":  # type: ignore[attr-defined]
                return set()
            binding = node
    if binding is None:
        return set()
    for node in ast_walk(owner):
        if node.__class__ is not ast.Assign or len(node.targets) != 1 or node.targets[0].__class__ not in (ast.Tuple, ast.List):  # type: ignore[attr-defined]
            continue
        elts = node.targets[0].elts  # type: ignore[attr-defined]
        if not any(e is binding for e in elts):
            continue
        call = node.value  # type: ignore[attr-defined]
        func = call.func if call.__class__ is ast.Call else None
        if func.__class__ is not ast.Attribute or func.value.__class__ is not ast.Name or func.value.id != "self":  # type: ignore[union-attr]
            return set()
        method = next((n for n in owner.body if n.__class__ in FUNCTIONS and n.name == func.attr), None)  # type: ignore[attr-defined, union-attr]
        if method is None or any(n is not method and n.__class__ in FUNCTIONS for n in ast_walk(method)):
            return set()
        returns = [n for n in ast_walk(method) if n.__class__ is ast.Return]
        value = returns[0].value if len(returns) == 1 else None  # type: ignore[attr-defined]
        if value.__class__ not in (ast.Tuple, ast.List) or len(value.elts) != len(elts):  # type: ignore[attr-defined]
            return set()
        element = value.elts[[id(e) for e in elts].index(id(binding))]  # type: ignore[attr-defined]
        params = _optimizer_built(element, method, model.facts)
        if params is None:
            return set()
        owners = optimizer_owners(params, model.source)
        mine = {o for o in owners if o.startswith("self.")}
        # (`self.gen = gen` in `__init__`: `gen` is another name of `self.gen`, not another module)
        aliases = _module_aliases(model.source)
        if not mine or any(not any(o in aliases.get(m, ()) for m in mine) for o in owners - mine):
            return set()
        return owners
    return set()


def _unpacked_from_builder(target: str, scope: ast.AST, model: ModuleModel) -> set[str]:
    """`g_opt, d_opt = make_optimizers(G, D)`, the one binding of `target` in `scope` (the
    loop's function, or the module), unpacking the call of a plain function of this file whose
    one `return` is a tuple (or list) of as many optimizers, each a torch optimizer's
    constructor written there or a name the builder binds once to one: the modules the call
    hands the builder's parameters that optimizer is built over (`gen.parameters()` there, `G`
    here; a module of the file's top level that neither binds stays itself). Empty when any
    part cannot be read (a module the builder or the caller binds, an argument that is not a
    name or attribute, `*args`)."""
    from gradfix.analysis.handed_in import _argument

    if _bindings(scope, target) != 1:
        return set()
    facts = model.facts
    for node in ast_walk(scope):
        if node.__class__ is not ast.Assign or len(node.targets) != 1 or node.targets[0].__class__ not in (ast.Tuple, ast.List):  # type: ignore[attr-defined]
            continue
        names = [e.id if e.__class__ is ast.Name else None for e in node.targets[0].elts]  # type: ignore[attr-defined]
        if target not in names:
            continue
        call = node.value  # type: ignore[attr-defined]
        if call.__class__ is not ast.Call or call.func.__class__ is not ast.Name:
            return set()
        if any(a.__class__ is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords):
            return set()
        info = facts.module_functions.get(call.func.id)
        if info is None or info.class_name is not None or info.source is not None and info.source is not model.source:
            return set()
        builder = info.node
        returns = [n for n in ast_walk(builder) if n.__class__ is ast.Return]
        value = returns[0].value if len(returns) == 1 else None  # type: ignore[attr-defined]
        if value.__class__ not in (ast.Tuple, ast.List) or len(value.elts) != len(names):  # type: ignore[attr-defined]
            return set()
        element = value.elts[names.index(target)]  # type: ignore[attr-defined]
        params = _optimizer_built(element, builder, facts)
        if params is None:
            return set()
        owners: set[str] = set()
        for owner in optimizer_owners(params, model.source):
            root = owner.split(".", 1)[0].split("[", 1)[0]
            if root not in info.params:
                taken = function_parameters(scope) if scope.__class__ in FUNCTIONS else set()  # type: ignore[arg-type]
                if _bindings(builder, root) or _bindings(scope, root) or root in taken or root == "self":
                    return set()  # a module of the builder's own (or of the caller's)
                owners.add(owner)  # a module of the file's top level (`encoder`)
                continue
            passed = _argument(call, info.params, root)
            key = dotted(passed) if passed is not None else None
            if key is None:
                return set()  # handed in a form not read
            owners.add(key + owner[len(root):])
        return owners
    return set()


def _configured_owners(target: str, function: ast.AST, model: ModuleModel) -> set[str]:
    """Lightning's manual optimization: `opt_g, opt_d = self.optimizers()` (or
    `self.optimizers()[1]`), bound once in a method of the LightningModule, is the optimizer
    that the class's `configure_optimizers` returns at that place: the modules of `self` it is
    built over there, when it returns a tuple or list of optimizers (first of a pair of lists:
    `[opt_g, opt_d], [sched_g, sched_d]`; or dicts with an `"optimizer"` entry) that it builds
    itself: a torch optimizer's constructor there, or a name it binds once to one."""
    position = _position_in_optimizers(target, function)
    if position is None:
        return set()
    owner = model.source.owner_of(function)  # type: ignore[arg-type]
    if owner.__class__ is not ast.ClassDef:
        return set()
    configure = next(
        (n for n in owner.body if n.__class__ is ast.FunctionDef and n.name == "configure_optimizers"), None  # type: ignore[attr-defined]
    )  # fmt: skip
    if configure is None:
        return set()
    returns = [n for n in ast_walk(configure) if n.__class__ is ast.Return]
    value = returns[0].value if len(returns) == 1 else None  # type: ignore[attr-defined]
    shapes = (ast.Tuple, ast.List)
    if value.__class__ is ast.Tuple and len(value.elts) == 2 and all(e.__class__ in shapes for e in value.elts):  # type: ignore[attr-defined]
        value = value.elts[0]  # type: ignore[attr-defined]  # (optimizers, schedulers)
    if value.__class__ not in shapes or position >= len(value.elts):  # type: ignore[attr-defined]
        return set()
    element = value.elts[position]  # type: ignore[attr-defined]
    if element.__class__ is ast.Dict:  # `{"optimizer": opt_d, "lr_scheduler": ...}`
        element = next(
            (v for k, v in zip(element.keys, element.values) if k.__class__ is ast.Constant and k.value == "optimizer"), None  # type: ignore[attr-defined]
        )  # fmt: skip
    params = None
    if element.__class__ is ast.Name and _bindings(configure, element.id) == 1:  # type: ignore[attr-defined]
        info = model.facts.local_objects.get(id(configure), {}).get(element.id)  # type: ignore[attr-defined]
        if info is not None and info.kind == "optimizer" and info.strong:
            params = info.params
    elif element.__class__ is ast.Call and classify_constructor(model.facts.imports.qualify(call_name(element))) == "optimizer":  # type: ignore[arg-type]
        args = positional(element)  # type: ignore[arg-type]
        params = args[0] if args else None  # (`torch.optim.SGD(self.critic.parameters(), lr=0.1)` in the list)
    if params is None:
        return set()
    owners = optimizer_owners(params, model.source)
    return owners if all(o.startswith("self.") for o in owners) else set()


def _position_in_optimizers(target: str, function: ast.AST) -> int | None:
    """Where `target`, bound once in `function`, sits in what `self.optimizers()` returns:
    `opt_g, opt_d = self.optimizers()`, `opt_d = self.optimizers()[1]`; or, through a name
    bound once to the list (`opts = self.optimizers()`), `opts[1]` itself, `opt_d = opts[1]`
    and `opt_g, opt_d = opts[0], opts[1]`."""
    indexed = _INDEXED.match(target)
    if indexed is not None:
        return int(indexed.group(2)) if _optimizers_list(indexed.group(1), function) else None
    if _bindings(function, target) != 1:
        return None
    for node in ast_walk(function):
        if node.__class__ is not ast.Assign or len(node.targets) != 1:  # type: ignore[attr-defined]
            continue
        bound, value = node.targets[0], node.value  # type: ignore[attr-defined]
        index = None
        if value.__class__ is ast.Subscript and bound.__class__ is ast.Name and bound.id == target:
            index = value.slice  # type: ignore[attr-defined]
            if index.__class__ is not ast.Constant or index.value.__class__ is not int:  # type: ignore[attr-defined]
                continue
            value, position = value.value, index.value  # type: ignore[attr-defined]
            if value.__class__ is ast.Name:  # `opt_d = opts[1]`
                return position if _optimizers_list(value.id, function) else None  # type: ignore[attr-defined]
        elif bound.__class__ in (ast.Tuple, ast.List):
            names = [e.id if e.__class__ is ast.Name else None for e in bound.elts]  # type: ignore[attr-defined]
            if target not in names:
                continue
            position = names.index(target)
            if value.__class__ in (ast.Tuple, ast.List) and len(value.elts) == len(names):  # type: ignore[attr-defined]
                # `opt_g, opt_d = opts[0], opts[1]`
                element = value.elts[position]  # type: ignore[attr-defined]
                if element.__class__ is not ast.Subscript or element.value.__class__ is not ast.Name:  # type: ignore[attr-defined]
                    return None
                index = element.slice  # type: ignore[attr-defined]
                if index.__class__ is not ast.Constant or index.value.__class__ is not int:  # type: ignore[attr-defined]
                    return None
                return index.value if _optimizers_list(element.value.id, function) else None  # type: ignore[attr-defined]
        else:
            continue
        if _calls_optimizers(value):
            return position
        return None
    return None


_INDEXED = lazily(r"^(\w+)\[(\d+)\]$")


def _calls_optimizers(value: ast.AST) -> bool:
    """`self.optimizers()`."""
    return (
        value.__class__ is ast.Call and not value.args and method_name(value) == "optimizers"  # type: ignore[attr-defined, arg-type]
        and (recv := receiver(value)) is not None and recv.__class__ is ast.Name and recv.id == "self"  # type: ignore[arg-type, attr-defined]
    )  # fmt: skip


def _optimizers_list(name: str, function: ast.AST) -> bool:
    """`name` is bound once in `function`, to `self.optimizers()` (`opts = self.optimizers()`)."""
    if _bindings(function, name) != 1:
        return False
    return any(
        n.__class__ is ast.Assign and len(n.targets) == 1 and n.targets[0].__class__ is ast.Name  # type: ignore[attr-defined]
        and n.targets[0].id == name and _calls_optimizers(n.value)  # type: ignore[attr-defined]
        for n in ast_walk(function)
    )  # fmt: skip


def _bindings(function: ast.AST, name: str) -> int:
    """How many times `name` is bound in `function`."""
    return sum(1 for n in ast_walk(function) if n.__class__ is ast.Name and n.id == name and n.ctx.__class__ is not ast.Load)  # type: ignore[attr-defined]


def _bound_from_init_parameters(function: ast.AST, model: ModuleModel) -> set[str]:
    """`self.<name>` keys the `__init__` of the method's class binds straight from one of its
    parameters (`self.netD = netD`)."""
    owner = model.source.owner_of(function)  # type: ignore[arg-type]
    if owner.__class__ is not ast.ClassDef:
        return set()
    init = next((n for n in owner.body if n.__class__ is ast.FunctionDef and n.name == "__init__"), None)  # type: ignore[attr-defined]
    if init is None:
        return set()
    parameters = function_parameters(init)  # type: ignore[arg-type]
    keys: set[str] = set()
    for stmt in init.body:  # type: ignore[attr-defined]
        if stmt.__class__ is not ast.Assign:
            continue
        pairs = [(stmt.targets[0], stmt.value)] if len(stmt.targets) == 1 else []  # type: ignore[attr-defined]
        for target, value in pairs:
            if target.__class__ is ast.Tuple and value.__class__ is ast.Tuple and len(target.elts) == len(value.elts):  # type: ignore[attr-defined]
                pairs += list(zip(target.elts, value.elts))  # type: ignore[attr-defined]
                continue
            if (
                target.__class__ is ast.Attribute and target.value.__class__ is ast.Name and target.value.id == "self"  # type: ignore[attr-defined]
                and value.__class__ is ast.Name and value.id in parameters  # type: ignore[attr-defined]
            ):  # fmt: skip
                keys.add("self." + target.attr)  # type: ignore[attr-defined]
    return keys


def _owned(key: str, owners: set[str]) -> bool:
    return any(owns(owner, key) for owner in owners)


def _overlap(a: set[str], b: set[str]) -> bool:
    return any(owns(x, y) for x in a for y in b)


def _keeps_out(loss: ast.expr, found: GraphSlice, graphs: GraphFlow, g_owners: set[str]) -> bool:
    """The loss reads the generator's output cut from its graph: through `.detach()` or `.data`
    (`D(fake.detach())`, `D(G(z).detach())`), or computed under `torch.no_grad()` — the mark of
    a discriminator's loss written to leave the generator alone. (Two models trained by two
    optimizers on a shared loss, an encoder and a head, have none: silent.)"""
    outputs: set[str] = set()  # what the iteration computes from the generator's forwards
    for unit in graphs.flow.units:
        graph = graphs.graph(unit)
        if any(k is not None and _owned(k, g_owners) for _, k in graph.forwards) or any(
            graphs.reads_any_key(key, outputs) for key in graph.flows
        ):
            outputs |= graph.binds
    values: list[ast.AST] = [loss]
    for unit in found.units:
        node = unit.node
        if node.__class__ in (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr) and node.value is not None:  # type: ignore[attr-defined]
            values.append(node.value)  # type: ignore[attr-defined]
            if graphs.graph(unit).no_grad and any(
                k is not None and _owned(k, g_owners) for _, k in graphs.forwards_of(node.value)  # type: ignore[attr-defined]
            ):
                return True
    for value in values:
        for sub in walk_expression(value):
            if sub.__class__ is ast.Call and method_name(sub) == "detach":  # type: ignore[arg-type]
                inner = receiver(sub)  # type: ignore[arg-type]
            elif sub.__class__ is ast.Attribute and sub.attr == "data":  # type: ignore[attr-defined]
                inner = sub.value  # type: ignore[attr-defined]
            else:
                continue
            if inner is None:
                continue
            if any(k is not None and _owned(k, g_owners) for _, k in graphs.forwards_of(inner)):
                return True
            if any(graphs.reads_any_key(key, outputs) for key in graphs.flows_of(inner)):
                return True
    return False


def _candidates(
    loop: TrainingLoop, backwards: list[GradEvent], steps: list[GradEvent], stepped: dict[str, set[str]], training: set[int]
) -> list[tuple[str, str, GradEvent, GradEvent, str]]:
    """Read from the events alone, before any graph: (the discriminator's optimizer, the
    generator's, a backward, a step of the first, how it reaches it) for each backward whose
    gradient reaches, uncleared, a step of one optimizer and a step of another over other
    models, when another backward (the discriminator's own loss) reaches a step of the first
    too. A correct loop clears each optimizer before the backward meant for it, and has none.
    A backward and a step both inside one training loop nested in this one (`training`: the
    model's loops) are that loop's pair, reported there."""
    at = {id(e): i for i, e in enumerate(loop.events)}
    clears = [i for i, e in enumerate(loop.events) if e.kind is EventKind.CLEAR or e.kind is EventKind.UNKNOWN]
    reached: list[dict[str, list[tuple[GradEvent, str]]]] = []
    for backward in backwards:
        found_here: dict[str, list[tuple[GradEvent, str]]] = {}
        for step in steps:
            owners = stepped.get(step.target)  # type: ignore[arg-type]
            if owners is None:
                continue
            when = _reaches(backward, step, loop, owners, stepped, at, clears)
            if when is not None:
                found_here.setdefault(step.target, []).append((step, when))  # type: ignore[arg-type]
        reached.append(found_here)
    found: list[tuple[str, str, GradEvent, GradEvent, str]] = []
    for index, backward in enumerate(backwards):
        here = reached[index]
        if len(here) < 2:
            continue
        for d_opt, d_steps in here.items():
            if not any(d_opt in other for at_other, other in enumerate(reached) if at_other != index):
                continue  # no other loss is stepped by this optimizer: no discriminator's own loss
            for g_opt in here:
                if g_opt != d_opt and not _overlap(stepped[d_opt], stepped[g_opt]):
                    found += [
                        (d_opt, g_opt, backward, step, when) for step, when in d_steps
                        if not _in_one_nested_loop(backward, step, loop, training)
                    ]  # fmt: skip
    return found


def _in_one_nested_loop(a: GradEvent, b: GradEvent, loop: TrainingLoop, training: set[int]) -> bool:
    slot = _slot(a, loop, training)
    return slot is not None and slot == _slot(b, loop, training)


def _slot(event: GradEvent, loop: TrainingLoop, training: set[int]) -> int | None:
    """The training loop nested in `loop` that holds the event (its id), None for the iteration's own."""
    if len(event.loops) == 1 or event.loops[-1] is loop.node:
        return None
    within = event.loops_within(loop.node)
    return id(within[0]) if within and id(within[0]) in training else None


def _reaches(
    backward: GradEvent,
    step: GradEvent,
    loop: TrainingLoop,
    d_owners: set[str],
    stepped: dict[str, set[str]],
    at: dict[int, int],
    clears: list[int],
) -> str | None:
    """How the backward's gradient reaches the step with no clear on the way that may empty
    the gradients of `d_owners` (the models the step's optimizer is built over): "" in the same
    iteration (the backward first, both at one level, not in exclusive branches), " in the next
    iteration" around the loop (the step first; a loop, not a step function), else None.
    `at`: the index of each of the loop's events; `clears`: the indices of its clears and of
    the calls gradfix cannot see into."""
    if not _nested_compatible(backward, step):
        return None
    b, s = at.get(id(backward)), at.get(id(step))
    if b is None or s is None:
        return None
    if b < s:
        way, when = [i for i in clears if b < i < s], ""
    elif isinstance(loop.node, FUNCTIONS) and (loop.why_unknown or loop.cleared_by_callers):
        return None  # a step function whose callers may clear between two calls (or are not read)
    else:
        way, when = [i for i in clears if i > b or i < s], " in the next iteration"
    events = loop.events
    if any(_may_clear(events[i], d_owners, stepped) for i in way):
        return None
    return when


def _nested_compatible(a: GradEvent, b: GradEvent) -> bool:
    """One runs in the other's loop or in a loop nested in it (the critic's `for _ in
    range(n_critic):` inside the iteration; the first pass of that loop, or its last, is the
    one on the way), and neither runs only where the other cannot: below their common loop,
    one's branches are a prefix of the other's."""
    short, long = (a, b) if len(a.loops) <= len(b.loops) else (b, a)
    if not short.loops or any(x is not y for x, y in zip(short.loops, long.loops)):
        return False
    common = short.loops[-1]
    return branch_prefix(a, b, common) or branch_prefix(b, a, common)


def _may_clear(event: GradEvent, d_owners: set[str], stepped: dict[str, set[str]]) -> bool:
    """A clear that may empty the discriminator's gradients, or a call gradfix cannot see.
    Only an optimizer's clear over other models, or a module's clear of another model, is known
    not to."""
    if event.kind is EventKind.UNKNOWN:
        return True
    if event.kind is not EventKind.CLEAR:
        return False
    target = event.target
    if target is None or event.scope is ClearScope.PARAMETERS:
        return True
    if event.scope is ClearScope.OPTIMIZER:
        owners = stepped.get(target)
        return owners is None or _overlap(owners, d_owners)
    return _owned(target, d_owners) or any(owns(target, owner) for owner in d_owners)


def _may_freeze(text: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The iteration (`text`), or a helper it runs events in, may switch gradients off (`_FREEZES`)."""
    source = model.source
    if _FREEZES.search(text):
        return True
    seen: set[int] = set()
    for event in loop.events:
        for helper in event.helpers:
            if id(helper) in seen:
                continue
            seen.add(id(helper))
            try:
                text = (event.source or source).outer_segment(helper)
            except (IndexError, ValueError):
                return True  # a helper gradfix cannot read the text of: it may
            if _FREEZES.search(text):
                return True
    return False


def _optimizer_built(element: ast.expr, function: ast.AST, facts) -> ast.expr | None:  # type: ignore[no-untyped-def]
    """The parameters an optimizer is built over, when `element` (an item a function hands back
    in a tuple) is one: a name the function binds once to a strong construction, or the
    construction itself (`SGD(params, ...)`); None otherwise."""
    if element.__class__ is ast.Name and _bindings(function, element.id) == 1:  # type: ignore[attr-defined]
        built = facts.local_objects.get(id(function), {}).get(element.id)  # type: ignore[attr-defined]
        return built.params if built is not None and built.kind == "optimizer" and built.strong else None
    if element.__class__ is ast.Call and classify_constructor(facts.imports.qualify(call_name(element))) == "optimizer":  # type: ignore[arg-type]
        args = positional(element)  # type: ignore[arg-type]
        return args[0] if args else None
    return None
