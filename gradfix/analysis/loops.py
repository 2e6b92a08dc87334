"""Build the training-loop model of a module: one walk over its statements.

The walk records every gradient event with the statements, blocks, branches, `with` blocks
and loops around it. Helpers defined in the same module (functions, methods of the same
class, closures passed to `step`) are looked into; a call we cannot see into that may clear,
step or backpropagate becomes an UNKNOWN event, which makes rules stay silent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

import libcst as cst

from gradfix.analysis.facts import (
    FunctionInfo,
    ModuleFacts,
    classify_constructor,
    collect_facts,
)
from gradfix.analysis.model import (
    Branch,
    ClearScope,
    EventKind,
    GradEvent,
    Loop,
    TrainingLoop,
)
from gradfix.analysis.names import (
    call_name,
    dotted,
    key_of,
    method_name,
    positional,
    receiver,
    substitute_root,
)
from gradfix.analysis.walk import fast_visit

MAX_HELPER_DEPTH = 3

CLIP_FUNCTIONS = {"clip_grad_norm_", "clip_grad_value_", "clip_grad_norm", "clip_grad_value", "clip_gradients"}
# Calls that receive an optimizer but are known not to touch its gradients.
HARMLESS_CALLS = {
    "print", "isinstance", "len", "id", "type", "repr", "str", "getattr", "hasattr", "setattr",
    "prepare", "save", "watch", "log", "info", "debug", "warning", "deepcopy", "copy", "append",
    "get_lr", "get_last_lr", "scale_loss", "state_dict", "load_state_dict", "format", "update",
    "unscale_", "set_postfix", "write", "add_scalar", "dict", "list", "tuple", "zip", "enumerate",
}  # fmt: skip
# Unseen calls whose name says they may clear, step or backpropagate.
_GRADIENT_HINT = re.compile(
    r"zero_?grad|clear_?grad|reset_?grad|grads?_?zero|zero_?all|optimi[sz]e|backward"
    r"|(^|_)step($|_)|accumulat|(^|_)update_?(params|parameters|weights|model)",
    re.I,
)
# Bases whose methods we know do not touch gradients behind the loop's back.
_KNOWN_BASES = {"object", "Module", "ABC", "LightningModule", "Protocol", "Generic", "Dataset", "NamedTuple"}
# Inherited methods named like the hooks a framework runs around an iteration.
_HOOK_NAME = re.compile(r"hook|callback|(^|_)(on|before|after)_|(^|_)(begin|start|end|reset|clear)($|_)", re.I)
_OPTIMIZER_METHODS_NOT_CLEARING = {
    "step", "zero_grad", "state_dict", "load_state_dict", "add_param_group", "__repr__",
    "register_step_pre_hook", "register_step_post_hook",
}  # fmt: skip


@dataclass(frozen=True)
class _Context:
    path: tuple[cst.BaseStatement, ...] = ()
    blocks: tuple[cst.BaseSuite, ...] = ()
    branches: tuple[Branch, ...] = ()
    loops: tuple[Loop, ...] = ()
    home_loops: tuple[Loop, ...] = ()
    withs: tuple[cst.With, ...] = ()
    via: tuple[cst.Call, ...] = ()
    functions: tuple[cst.FunctionDef, ...] = ()
    class_name: str | None = None
    mapping: tuple[tuple[str, str], ...] = ()  # parameter -> caller's key, inside helpers

    @property
    def in_helper(self) -> bool:
        return bool(self.via)

    def rename(self, key: str) -> str:
        return substitute_root(key, dict(self.mapping)) if self.mapping else key


@dataclass
class ModuleModel:
    module: cst.Module
    facts: ModuleFacts
    loops: list[TrainingLoop] = field(default_factory=list)


class _EventCollector(cst.CSTVisitor):
    """Calls of one simple statement in evaluation order, plus `.grad` reads and writes."""

    def __init__(self) -> None:
        self.calls: list[cst.Call] = []
        self.grad_attributes: list[cst.Attribute] = []
        self.grad_clears: list[cst.CSTNode] = []

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def leave_Call(self, original_node: cst.Call) -> None:
        self.calls.append(original_node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value == "grad":
            self.grad_attributes.append(node)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if _is_grad_attribute(target.target):
                self.grad_clears.append(node)


def _is_grad_attribute(expr: cst.BaseExpression) -> bool:
    while isinstance(expr, cst.Attribute) and expr.attr.value == "data":
        expr = expr.value
    return isinstance(expr, cst.Attribute) and expr.attr.value == "grad"


class _Walker:
    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self.events: list[GradEvent] = []
        self.loop_nodes: list[tuple[Loop, _Context]] = []
        self.visiting: list[int] = []
        self.classes: dict[str, cst.ClassDef] = {}
        self.self_attributes: dict[str, set[str]] = {}

    # statements ----------------------------------------------------------------
    def block(self, suite: cst.BaseSuite | cst.Module, ctx: _Context) -> None:
        if isinstance(suite, cst.SimpleStatementSuite):
            # `for x in y: a(); b()` -- the suite is the only statement
            self.simple(suite, suite, ctx)
            return
        for stmt in suite.body:
            self.statement(stmt, suite, ctx)

    def statement(self, stmt: cst.BaseStatement, suite: cst.CSTNode, ctx: _Context) -> None:
        if not ctx.in_helper:
            ctx = replace(ctx, path=ctx.path + (stmt,), blocks=ctx.blocks + (suite,))
        if isinstance(stmt, cst.SimpleStatementLine):
            self.simple(stmt, stmt, ctx)
        elif isinstance(stmt, (cst.For, cst.While)):
            self.loop(stmt, ctx)
        elif isinstance(stmt, cst.If):
            self.if_chain(stmt, ctx)
        elif isinstance(stmt, cst.With):
            self.expressions([item.item for item in stmt.items], stmt, ctx)
            self.block(stmt.body, replace(ctx, withs=ctx.withs + (stmt,)))
        elif isinstance(stmt, (cst.Try, cst.TryStar)):
            self.block(stmt.body, ctx)
            depth = len(ctx.loops)
            for handler in stmt.handlers:
                self.block(handler.body, self.branch(ctx, Branch(handler, "except", depth=depth)))
            if stmt.orelse is not None:
                self.block(stmt.orelse.body, self.branch(ctx, Branch(stmt.orelse, "try-else", depth=depth)))
            if stmt.finalbody is not None:
                self.block(stmt.finalbody.body, ctx)
        elif isinstance(stmt, cst.Match):
            for case in stmt.cases:
                self.block(case.body, self.branch(ctx, Branch(case, "case", depth=len(ctx.loops))))
        elif isinstance(stmt, cst.FunctionDef):
            if not ctx.in_helper:
                self.function(stmt, ctx)
        elif isinstance(stmt, cst.ClassDef):
            if not ctx.in_helper:
                self.classes[stmt.name.value] = stmt
                self.block(stmt.body, replace(ctx, class_name=stmt.name.value, path=(), blocks=()))

    def function(self, node: cst.FunctionDef, ctx: _Context) -> None:
        # a function body is analysed on its own: loops around the definition do not run it
        inner = _Context(functions=ctx.functions + (node,), class_name=ctx.class_name)
        self.block(node.body, inner)

    def branch(self, ctx: _Context, branch: Branch) -> _Context:
        return replace(ctx, branches=ctx.branches + (branch,))

    def if_chain(self, stmt: cst.If, ctx: _Context) -> None:
        self.expressions([stmt.test], stmt, ctx)
        depth = len(ctx.loops)
        self.block(stmt.body, self.branch(ctx, Branch(stmt, "if", stmt.test, depth)))
        # an elif chain: each test runs only when the earlier ones failed
        else_ctx = self.branch(ctx, Branch(stmt, "else", stmt.test, depth))
        if isinstance(stmt.orelse, cst.If):
            self.if_chain(stmt.orelse, else_ctx)
        elif isinstance(stmt.orelse, cst.Else):
            self.block(stmt.orelse.body, else_ctx)

    def loop(self, stmt: Loop, ctx: _Context) -> None:
        if isinstance(stmt, cst.For):
            self.expressions([stmt.iter], stmt, ctx)
        else:
            self.expressions([stmt.test], stmt, ctx)
        inner = replace(ctx, loops=ctx.loops + (stmt,))
        if not ctx.in_helper:
            inner = replace(inner, home_loops=ctx.home_loops + (stmt,))
            self.loop_nodes.append((stmt, inner))
        if isinstance(stmt, cst.For):
            inner = self.bind_loop_variable(stmt, inner)
        self.block(stmt.body, inner)
        if stmt.orelse is not None:
            kind = "for-else" if isinstance(stmt, cst.For) else "while-else"
            self.block(stmt.orelse.body, self.branch(ctx, Branch(stmt.orelse, kind, depth=len(ctx.loops))))

    def bind_loop_variable(self, stmt: cst.For, ctx: _Context) -> _Context:
        """`for o in opts: o.zero_grad()` clears `opts[*]`, whatever the variable is called."""
        if not isinstance(stmt.target, cst.Name):
            return ctx
        source = stmt.iter
        if isinstance(source, (cst.List, cst.Tuple)):
            collection = "[" + ",".join(ctx.rename(key_of(e.value)) for e in source.elements) + "]"
        elif isinstance(source, cst.Call) and method_name(source) == "values":
            collection = ctx.rename(key_of(source.func.value))  # type: ignore[attr-defined]
        elif dotted(source) is not None:
            collection = ctx.rename(key_of(source))
        else:
            return ctx
        variable = stmt.target.value
        mapping = tuple(m for m in ctx.mapping if m[0] != variable) + ((variable, collection + "[*]"),)
        return replace(ctx, mapping=mapping)

    # events --------------------------------------------------------------------
    def expressions(self, exprs: Iterable[cst.CSTNode], owner: cst.CSTNode, ctx: _Context) -> None:
        collector = _EventCollector()
        for expr in exprs:
            fast_visit(expr, collector)
        self.collected(collector, ctx)

    def simple(self, stmt: cst.CSTNode, holder: cst.CSTNode, ctx: _Context) -> None:
        collector = _EventCollector()
        fast_visit(stmt, collector)
        self.collected(collector, ctx)

    def collected(self, collector: _EventCollector, ctx: _Context) -> None:
        consumed: set[int] = set()
        for call in collector.calls:
            self.call(call, ctx, consumed)
        for node in collector.grad_clears:
            self.emit(EventKind.CLEAR, node, ctx, scope=ClearScope.PARAMETERS)
            for target in node.targets:  # type: ignore[attr-defined]
                consumed.add(id(_grad_node(target.target)))
        for attribute in collector.grad_attributes:
            if id(attribute) not in consumed:
                self.emit(EventKind.GRAD_READ, attribute, ctx, target=ctx.rename(key_of(attribute.value)))

    def emit(self, kind: EventKind, node: cst.CSTNode, ctx: _Context, **values: object) -> GradEvent:
        event = GradEvent(
            kind=kind,
            node=node,
            path=ctx.path,
            blocks=ctx.blocks,
            branches=ctx.branches,
            loops=ctx.loops,
            home_loops=ctx.home_loops,
            withs=ctx.withs,
            via=ctx.via,
            **values,  # type: ignore[arg-type]
        )
        self.events.append(event)
        return event

    def call(self, call: cst.Call, ctx: _Context, consumed: set[int]) -> None:
        facts = self.facts
        name = call_name(call)
        qualified = facts.imports.qualify(name) or ""
        method = method_name(call)
        recv = receiver(call)
        args = positional(call)

        if qualified in ("torch.autograd.backward", "autograd.backward"):
            loss = args[0].value if args else None
            self.emit(EventKind.BACKWARD, call, ctx, loss=loss)
            return
        if qualified in ("torch.autograd.grad", "autograd.grad"):
            consumed.add(id(call.func))
            self.emit(EventKind.AUTOGRAD_GRAD, call, ctx)
            return
        if method in ("backward", "manual_backward") and recv is not None:
            self.backward(call, recv, method, args, ctx)
            return
        if method == "step" and recv is not None:
            self.step(call, recv, args, ctx)
            return
        if method == "optimizer_step" and args:  # torch_xla: xm.optimizer_step(opt)
            self.emit(EventKind.STEP, call, ctx, target=ctx.rename(key_of(args[0].value)))
            return
        if method == "zero_grad" and recv is not None:
            key = ctx.rename(key_of(recv))
            is_optimizer = facts.optimizer_evidence(key) or facts.optimizer_evidence(key_of(recv))
            scope = ClearScope.OPTIMIZER if is_optimizer or key.endswith("[*]") else ClearScope.MODEL
            self.emit(EventKind.CLEAR, call, ctx, target=key, scope=scope)
            return
        if method in ("zero_", "detach_", "requires_grad_") and recv is not None and _is_grad_attribute(recv):
            consumed.add(id(_grad_node(recv)))
            if method == "zero_":
                self.emit(EventKind.CLEAR, call, ctx, scope=ClearScope.PARAMETERS, target=key_of(_grad_node(recv).value))
            return
        if method == "unscale_" and args:
            self.emit(EventKind.UNSCALE, call, ctx, target=ctx.rename(key_of(args[0].value)))
            return
        last = (name or method or "").rsplit(".", 1)[-1]
        if last in CLIP_FUNCTIONS:
            target = ctx.rename(key_of(args[0].value)) if args else None
            self.emit(EventKind.CLIP, call, ctx, target=target)
            return
        helper = self.resolve(call, ctx)
        if helper is not None:
            self.inline(call, helper, ctx)
            return
        reason = self.suspicious(call, name, method, recv, ctx)
        if reason:
            self.emit(EventKind.UNKNOWN, call, ctx, reason=reason)

    def backward(
        self, call: cst.Call, recv: cst.BaseExpression, method: str, args: Sequence[cst.Arg], ctx: _Context
    ) -> None:
        if method == "manual_backward":  # Lightning
            self.emit(EventKind.BACKWARD, call, ctx, loss=args[0].value if args else None)
            return
        if isinstance(recv, cst.Call) and method_name(recv) == "scale":  # scaler.scale(loss).backward()
            inner = positional(recv)
            self.emit(EventKind.BACKWARD, call, ctx, loss=inner[0].value if inner else recv)
            return
        recv_key = ctx.rename(key_of(recv))
        if args and (self.facts.is_engine(recv_key) or self.facts.is_engine(key_of(recv))):
            engine = self.facts.kind(recv_key) == "engine" and "Accelerator" not in (
                self.facts.info(recv_key).constructor or ""  # type: ignore[union-attr]
            )
            self.emit(EventKind.BACKWARD, call, ctx, loss=args[0].value, target=recv_key, engine=engine)
            return
        self.emit(EventKind.BACKWARD, call, ctx, loss=recv)

    def step(self, call: cst.Call, recv: cst.BaseExpression, args: Sequence[cst.Arg], ctx: _Context) -> None:
        facts = self.facts
        raw = key_of(recv)
        key = ctx.rename(raw)
        if args and (facts.is_scaler(key) or facts.is_scaler(raw)):  # scaler.step(opt)
            self.emit(EventKind.STEP, call, ctx, target=ctx.rename(key_of(args[0].value)))
            return
        if facts.is_scheduler(key) or facts.is_scheduler(raw):
            self.emit(EventKind.SCHEDULER_STEP, call, ctx, target=key)
            return
        if facts.is_engine(key) or facts.is_engine(raw):
            self.emit(EventKind.STEP, call, ctx, target=key, engine=True)
            return
        if not (facts.optimizer_evidence(key) or facts.optimizer_evidence(raw) or key.endswith("[*]")):
            return  # env.step(action), a scheduler we cannot recognise...
        closure = args[0].value if args else None
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "closure":
                closure = arg.value
        if closure is not None:
            helper = self.resolve_name(closure, ctx) if isinstance(closure, cst.Name) else None
            if helper is not None and not self.too_deep(helper):
                self.inline(call, helper, ctx, arguments=())
            else:
                self.emit(EventKind.UNKNOWN, call, ctx, reason="optimizer step with a closure we cannot see")
        self.emit(EventKind.STEP, call, ctx, target=key)

    # helpers -------------------------------------------------------------------
    def resolve(self, call: cst.Call, ctx: _Context) -> FunctionInfo | None:
        func = call.func
        if isinstance(func, cst.Name):
            return self.resolve_name(func, ctx)
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == "self"
            and ctx.class_name is not None
        ):
            return self.facts.methods.get(ctx.class_name, {}).get(func.attr.value)
        return None

    def resolve_name(self, name: cst.Name, ctx: _Context) -> FunctionInfo | None:
        for function in reversed(ctx.functions):
            local = self.facts.local_functions.get(id(function), {}).get(name.value)
            if local is not None:
                return local
        return self.facts.module_functions.get(name.value)

    def too_deep(self, helper: FunctionInfo) -> bool:
        return len(self.visiting) >= MAX_HELPER_DEPTH or id(helper.node) in self.visiting

    def inline(
        self, call: cst.Call, helper: FunctionInfo, ctx: _Context, arguments: Sequence[cst.Arg] | None = None
    ) -> None:
        if self.too_deep(helper):
            if self.touches_gradients(helper):
                self.emit(EventKind.UNKNOWN, call, ctx, reason="helpers nested too deeply to follow")
            return
        params = list(helper.params)
        if helper.class_name is not None and params and params[0] in ("self", "cls"):
            params = params[1:]
        mapping = dict(ctx.mapping)
        new_mapping: dict[str, str] = {}
        for index, arg in enumerate(call.args if arguments is None else arguments):
            if arg.star:
                continue
            param = arg.keyword.value if arg.keyword is not None else (params[index] if index < len(params) else None)
            if param is not None:
                new_mapping[param] = substitute_root(key_of(arg.value), mapping) if mapping else key_of(arg.value)
        if helper.class_name is not None and "self" in mapping:
            new_mapping["self"] = mapping["self"]
        inner = replace(
            ctx,
            via=ctx.via + (call,),
            mapping=tuple(new_mapping.items()),
            functions=ctx.functions + (helper.node,),
            class_name=helper.class_name or ctx.class_name,
        )
        self.visiting.append(id(helper.node))
        try:
            self.block(helper.node.body, inner)
        finally:
            self.visiting.pop()

    def inherited(self, method: str, ctx: _Context) -> bool:
        """`self.method()` looks like a framework hook and is neither defined nor assigned in this
        class, whose bases we cannot read."""
        node = self.classes.get(ctx.class_name or "")
        if node is None or not _HOOK_NAME.search(method) or method in self.facts.methods.get(node.name.value, {}):
            return False
        bases = [dotted(base.value) for base in node.bases if base.keyword is None]
        if all(base is not None and base.rsplit(".", 1)[-1] in _KNOWN_BASES for base in bases):
            return False
        attributes = self.self_attributes.get(node.name.value)
        if attributes is None:
            collector = _SelfAttributes()
            fast_visit(node, collector)
            attributes = self.self_attributes[node.name.value] = collector.names
        return method not in attributes

    def touches_gradients(self, helper: FunctionInfo) -> bool:
        text = cst.Module(body=[]).code_for_node(helper.node)
        return any(word in text for word in ("backward", "zero_grad", ".step(", ".grad"))

    def suspicious(
        self, call: cst.Call, name: str | None, method: str | None, recv: cst.BaseExpression | None, ctx: _Context
    ) -> str:
        last = (name or method or "").rsplit(".", 1)[-1]
        if last in HARMLESS_CALLS or classify_constructor(self.facts.imports.qualify(name)) is not None:
            return ""
        if isinstance(recv, cst.Name) and recv.value == "self" and method and self.inherited(method, ctx):
            return f"`self.{method}()` comes from a base class gradfix cannot see, and may clear or step"
        if last and _GRADIENT_HINT.search(last) and "requires_grad" not in last:
            return f"`{last}` may clear, step or backpropagate and gradfix cannot see into it"
        facts = self.facts
        if (
            recv is not None
            and method not in _OPTIMIZER_METHODS_NOT_CLEARING
            and (dotted(recv) is not None or isinstance(recv, cst.Subscript))
        ):
            key = ctx.rename(key_of(recv))
            if facts.kind(key) == "optimizer" or (facts.optimizer_evidence(key) and key in facts.stepped):
                return f"`{key}.{method}()` is an optimizer method gradfix does not know"
        for arg in call.args:
            if dotted(arg.value) is None and not isinstance(arg.value, cst.Subscript):
                continue  # an optimizer is passed by name, never as an expression
            key = ctx.rename(key_of(arg.value))
            if facts.kind(key) == "optimizer" or (
                isinstance(arg.value, (cst.Name, cst.Attribute)) and facts.optimizer_evidence(key) and key in facts.stepped
            ):
                return f"`{last or 'a call'}` receives the optimizer `{key}` and gradfix cannot see into it"
        return ""


class _SelfAttributes(cst.CSTVisitor):
    """Names assigned as `self.<name> = ...` anywhere in a class."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def _target(self, target: cst.BaseExpression) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._target(element.value)
        elif isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
            self.names.add(target.attr.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._target(target.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._target(node.target)


def _grad_node(expr: cst.BaseExpression) -> cst.Attribute:
    while isinstance(expr, cst.Attribute) and expr.attr.value == "data":
        expr = expr.value
    assert isinstance(expr, cst.Attribute)
    return expr


def build_model(module: cst.Module) -> ModuleModel:
    facts = collect_facts(module)
    walker = _Walker(facts)
    walker.block(module, _Context())
    model = ModuleModel(module, facts)
    by_loop: dict[int, list[GradEvent]] = {}
    for event in walker.events:
        for loop in event.home_loops:
            by_loop.setdefault(id(loop), []).append(event)
    for loop, ctx in walker.loop_nodes:
        events = by_loop.get(id(loop), [])
        if not any(e.kind is EventKind.BACKWARD for e in events):
            continue
        training = TrainingLoop(
            node=loop,
            events=events,
            function=ctx.functions[-1] if ctx.functions else None,
            enclosing_loops=ctx.home_loops[:-1],
            unknown=[e for e in events if e.kind is EventKind.UNKNOWN],
        )
        model.loops.append(training)
    return model
