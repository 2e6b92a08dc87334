"""Module-wide facts gathered in one pass: imports, what each name was built from,
which functions exist (to look into helpers), which objects get `.step()` or `.zero_grad()`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import libcst as cst

from gradfix.analysis.model import ObjectInfo
from gradfix.analysis.names import (
    ImportMap,
    call_name,
    dotted,
    key_of,
    keyword,
    last_name,
    method_name,
    positional,
    receiver,
)
from gradfix.analysis.walk import fast_visit

OPTIMIZER_CLASSES = {
    "SGD", "Adam", "AdamW", "Adagrad", "Adadelta", "Adamax", "ASGD", "LBFGS", "NAdam",
    "RAdam", "RMSprop", "Rprop", "SparseAdam", "Adafactor", "Lion", "Lamb", "LAMB",
    "FusedAdam", "FusedLAMB", "FusedSGD", "Adam8bit", "AdamW8bit", "PagedAdamW",
    "PagedAdamW8bit", "DeepSpeedCPUAdam", "Muon", "Shampoo", "Adan", "AdaBelief", "Ranger",
    "ZeroRedundancyOptimizer", "SophiaG",
}  # fmt: skip
_OPTIMIZER_FACTORY = re.compile(r"(^|_)(create|build|get|make|init|configure|setup)_?(\w*_)?optim", re.I)
_OPTIMIZER_CLASS_NAME = re.compile(r"^(Adam|AdamW|SGD|RMSprop|Adagrad|Adafactor|Lion|Lamb|LAMB|NAdam|RAdam)[A-Z0-9]|Optimizer$")
_SCHEDULER_NAME = re.compile(r"sched|lr_?policy|warmup", re.I)
_OPTIMIZER_NAME = re.compile(r"(^|_)(opt|optim|optimi[sz]er)s?($|_|\d)|optim", re.I)
_SCALER_NAME = re.compile(r"scaler", re.I)
_ENGINE_CONSTRUCTORS = {"Accelerator", "Fabric"}


def looks_like_optimizer_name(key: str) -> bool:
    name = last_name(key)
    return bool(_OPTIMIZER_NAME.search(name)) and not _SCHEDULER_NAME.search(name)


def looks_like_scheduler_name(key: str) -> bool:
    return bool(_SCHEDULER_NAME.search(last_name(key)))


def looks_like_scaler_name(key: str) -> bool:
    return bool(_SCALER_NAME.search(last_name(key)))


def classify_constructor(qualified: str | None) -> str | None:
    """What kind of object a call to `qualified` builds."""
    if not qualified:
        return None
    last = qualified.rsplit(".", 1)[-1]
    if _OPTIMIZER_CLASS_NAME.search(last) and "lr_scheduler" not in qualified and not re.search(r"(Scheduler|Schedule|LR)$", last):
        return "optimizer"  # AdamWScheduleFree is an optimizer, whatever else its name says
    if "lr_scheduler" in qualified or _SCHEDULER_NAME.search(last) or re.search(r"(LR|Lr)$", last):
        return "scheduler"
    if last in ("GradScaler", "ShardedGradScaler"):
        return "scaler"
    if last in _ENGINE_CONSTRUCTORS:
        return "engine"
    if (
        last in OPTIMIZER_CLASSES
        or (qualified.startswith("torch.optim.") and last[:1].isupper())
        or last.endswith("Optimizer")
        or _OPTIMIZER_FACTORY.search(last)
    ):
        return "optimizer"
    return None


@dataclass
class FunctionInfo:
    node: cst.FunctionDef
    params: list[str]  # positional parameter names, `self` included
    class_name: str | None = None


@dataclass
class ModuleFacts:
    imports: ImportMap = field(default_factory=ImportMap)
    objects: dict[str, ObjectInfo] = field(default_factory=dict)
    module_functions: dict[str, FunctionInfo] = field(default_factory=dict)
    methods: dict[str, dict[str, FunctionInfo]] = field(default_factory=dict)  # class -> name -> info
    local_functions: dict[int, dict[str, FunctionInfo]] = field(default_factory=dict)  # id(def) -> ...
    stepped: set[str] = field(default_factory=set)  # keys with `.step()` called on them, no arguments
    cleared: set[str] = field(default_factory=set)  # keys with `.zero_grad()` called on them
    engines: set[str] = field(default_factory=set)  # keys with `.backward(loss)` called on them
    # parameter name -> keys passed for it at call sites in this module, per function name
    call_site_args: dict[str, dict[str, set[str]]] = field(default_factory=dict)

    def info(self, key: str) -> ObjectInfo | None:
        return self.objects.get(key)

    def kind(self, key: str) -> str | None:
        info = self.objects.get(key)
        return info.kind if info else None

    def is_scheduler(self, key: str) -> bool:
        kind = self.kind(key)
        if kind is not None:
            return kind == "scheduler"
        return looks_like_scheduler_name(key)

    def is_scaler(self, key: str) -> bool:
        kind = self.kind(key)
        if kind is not None:
            return kind == "scaler"
        return looks_like_scaler_name(key)

    def is_engine(self, key: str) -> bool:
        return self.kind(key) == "engine" or key in self.engines

    def optimizer_evidence(self, key: str) -> str | None:
        """'strong', 'name' or None: how sure we are that `key` is a torch optimizer."""
        kind = self.kind(key)
        if kind == "optimizer" or kind == "lightning":
            return "strong"
        if kind is not None and kind != "unknown":
            return None
        if looks_like_scheduler_name(key) or looks_like_scaler_name(key) or key in self.engines:
            return None
        if looks_like_optimizer_name(key):
            return "name"
        if key in self.cleared and key in self.stepped:
            return "name"
        return None


class _FactCollector(cst.CSTVisitor):
    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self.classes: list[str] = []
        self.functions: list[cst.FunctionDef] = []

    # imports -----------------------------------------------------------------
    def visit_Import(self, node: cst.Import) -> None:
        self.facts.imports.add(node)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        self.facts.imports.add(node)

    # definitions ---------------------------------------------------------------
    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes.append(node.name.value)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.classes.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        params = [p.name.value for p in (*node.params.posonly_params, *node.params.params)]
        kwonly = [p.name.value for p in node.params.kwonly_params]
        info = FunctionInfo(node, params + kwonly)
        if self.functions:
            self.facts.local_functions.setdefault(id(self.functions[-1]), {})[node.name.value] = info
        elif self.classes:
            info.class_name = self.classes[-1]
            self.facts.methods.setdefault(self.classes[-1], {})[node.name.value] = info
        else:
            self.facts.module_functions[node.name.value] = info
        for param in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params):
            annotation = param.annotation
            if annotation is not None:
                kind = classify_constructor(self.facts.imports.qualify(dotted(annotation.annotation)))
                if kind is not None:
                    self._record(param.name.value, kind, None, None)
        self.functions.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.functions.pop()

    # assignments ---------------------------------------------------------------
    def visit_Assign(self, node: cst.Assign) -> None:
        value = node.value
        for target in node.targets:
            self._assign(target.target, value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._assign(node.target, node.value)
        kind = classify_constructor(self.facts.imports.qualify(dotted(node.annotation.annotation)))
        if kind is not None:
            self._record(key_of(node.target), kind, None, None)

    def _assign(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            self._assign_tuple(target, value)
            return
        if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Call):
            value = value.value  # self.optimizers()[0]
            if method_name(value) == "optimizers":
                self._record(key_of(target), "lightning", None, None)
            return
        if not isinstance(value, cst.Call):
            return
        key = key_of(target)
        if method_name(value) == "optimizers":  # Lightning: opt = self.optimizers()
            self._record(key, "lightning", None, None)
            return
        name = self.facts.imports.qualify(call_name(value))
        kind = classify_constructor(name)
        if kind is None:
            return
        args = positional(value)
        params = args[0].value if args else None
        if params is None:
            kw = keyword(value, "params") or keyword(value, "model_parameters")
            params = kw.value if kw else None
        self._record(key, kind, name, params, strong=True)

    def _assign_tuple(self, target: cst.Tuple | cst.List, value: cst.BaseExpression) -> None:
        elements = [e.value for e in target.elements]
        if not isinstance(value, cst.Call):
            return
        name = self.facts.imports.qualify(call_name(value)) or ""
        method = method_name(value)
        if name.endswith("initialize") and "deepspeed" in name:
            if elements:
                self._record(key_of(elements[0]), "engine", name, None, strong=True)
            if len(elements) > 1:
                self._record(key_of(elements[1]), "optimizer", name, None, strong=True)
            return
        if method == "optimizers":
            for element in elements:
                self._record(key_of(element), "lightning", name, None)
            return
        if method in ("prepare", "setup", "initialize"):
            # accelerator.prepare(model, optimizer, ...) hands back the same kinds in order
            args = positional(value)
            for element, arg in zip(elements, args):
                source = self.facts.objects.get(key_of(arg.value))
                if source is not None:
                    self._record(key_of(element), source.kind, source.constructor, source.params, source.strong)

    def _record(
        self,
        key: str,
        kind: str,
        constructor: str | None,
        params: cst.BaseExpression | None,
        strong: bool = False,
    ) -> None:
        previous = self.facts.objects.get(key)
        if previous is not None and previous.kind != kind:
            # the same name bound to different kinds of object: we cannot tell
            self.facts.objects[key] = ObjectInfo(key, "unknown")
            return
        self.facts.objects[key] = ObjectInfo(key, kind, constructor, params, strong)

    # uses ----------------------------------------------------------------------
    def visit_Call(self, node: cst.Call) -> None:
        method = method_name(node)
        recv = receiver(node)
        if recv is not None and method is not None:
            if method == "step" and not node.args:
                self.facts.stepped.add(key_of(recv))
            elif method == "zero_grad":
                self.facts.cleared.add(key_of(recv))
            elif method == "backward" and positional(node) and not isinstance(recv, cst.Call):
                recv_key = key_of(recv)
                if recv_key not in ("torch.autograd", "autograd") and _engine_like(recv_key):
                    self.facts.engines.add(recv_key)
        name = call_name(node)
        if name is not None and "." not in name:
            sites = self.facts.call_site_args.setdefault(name, {})
            for index, arg in enumerate(node.args):
                label = arg.keyword.value if arg.keyword is not None else str(index)
                sites.setdefault(label, set()).add(key_of(arg.value))


_ENGINE_NAME = re.compile(r"accelerator|fabric|engine|deepspeed|trainer|model|ds_|strategy", re.I)


def _engine_like(key: str) -> bool:
    return bool(_ENGINE_NAME.search(last_name(key)))


def collect_facts(module: cst.Module) -> ModuleFacts:
    facts = ModuleFacts()
    fast_visit(module, _FactCollector(facts))
    _promote_parameters(facts)
    return facts


def _promote_parameters(facts: ModuleFacts) -> None:
    """A parameter that receives a constructed optimizer at a call site is an optimizer."""
    for name, info in facts.module_functions.items():
        sites = facts.call_site_args.get(name)
        if not sites:
            continue
        for index, param in enumerate(info.params):
            passed = sites.get(str(index), set()) | sites.get(param, set())
            kinds = {facts.kind(key) for key in passed}
            if len(kinds) == 1 and None not in kinds and param not in facts.objects:
                kind = kinds.pop()
                if kind is not None and kind != "unknown":
                    source = facts.objects[next(iter(passed))]
                    facts.objects[param] = ObjectInfo(param, kind, source.constructor, source.params, True)
