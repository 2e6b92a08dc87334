"""An object built again on every iteration of the loop that uses it through a factory: a
function of the module, or a method of the loop's class (or of the class of an object the
loop calls it on), that hands back a new construction on every call (`opt = make_opt(model,
lr)` in the loop, `def make_opt(model, lr): return torch.optim.Adam(model.parameters(),
lr=lr)`). Read for GF025 (schedulers), GF029 (gradient scalers) and GF030 (optimizers); each
rule says which constructions count (`builds`) and how the loop uses the bound object.

Only a factory whose whole body (a docstring aside) is `return <construction>`, or `<local>
= <construction>` then `return <local>`, is read: one with branches, a cache (`if self._opt is
None: ...`), other statements (side effects we cannot see) or a decorator is not.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.names import dotted
from gradfix.transforms._rebuilt import (
    call_parameters,
    called_function,
    called_method,
    called_on_instance,
    calls_one_of,
    ends_early,
    every_iteration,
    loops,
    reads_what_the_loop_changes,
    same_on_every_call,
)
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Callable, Iterator


def factories(model: ModuleModel, builds: Callable[[ast.Call], bool]) -> dict[int, ast.Call]:
    """The module's functions and methods (by the id of their node) whose whole body hands back
    a construction `builds` accepts, each with that construction: `return Adam(...)`, or `opt =
    Adam(...)` then `return opt` (a docstring may come first). No decorated, async or generator
    function; no other statement."""
    facts = model.facts
    found: dict[int, ast.Call] = {}
    for infos in (facts.module_functions.values(), *(methods.values() for methods in facts.methods.values())):
        for info in infos:
            node = info.node
            if node.__class__ is not ast.FunctionDef or node.decorator_list or id(node) in found:
                continue
            construction = _handed_back(node.body)  # type: ignore[attr-defined]
            if construction is not None and builds(construction):
                found[id(node)] = construction
    return found


def _handed_back(body: list[ast.stmt]) -> ast.Call | None:
    if body and body[0].__class__ is ast.Expr and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):  # type: ignore[attr-defined]
        body = body[1:]  # (a docstring)
    if len(body) == 1 and body[0].__class__ is ast.Return and body[0].value.__class__ is ast.Call:  # type: ignore[attr-defined]
        return body[0].value  # type: ignore[attr-defined, no-any-return]
    if len(body) != 2:
        return None
    first, last = body
    if not (first.__class__ is ast.Assign and len(first.targets) == 1 and first.targets[0].__class__ is ast.Name):  # type: ignore[attr-defined]
        return None
    if first.value.__class__ is not ast.Call:  # type: ignore[attr-defined]
        return None
    if not (last.__class__ is ast.Return and last.value.__class__ is ast.Name and last.value.id == first.targets[0].id):  # type: ignore[attr-defined]
        return None
    return first.value  # type: ignore[attr-defined, no-any-return]


def built_through_factories(
    model: ModuleModel, made: dict[int, ast.Call], used: Callable[[ast.AST, str], bool]
) -> Iterator[tuple[ast.AST, ast.Assign, str, ast.FunctionDef, ast.Call, bool]]:
    """Each statement a loop's body runs on every iteration (not under an `if`; also in a
    `with` or `try` block: `direct` False) binding a name or an attribute (`opt`, `self.opt`)
    to a call of one of the factories `made` (`factories`), a function of the module called by
    its name, a method of the loop's class called on `self` or a method of the class of an
    object the loop calls it on, while the loop uses what it binds (`used(loop, target)`): the
    loop, the statement, the target, the factory and its construction, and `direct`. Only when
    the construction builds the same object from call to call (`same_on_every_call`: the
    factory's arguments and what it reads of `self` and the module not changed by the loop),
    and the loop binds the target nowhere else; none in a loop that ends early."""
    if not made:
        return
    names = {node.name for infos in _all_functions(model) for node in infos if id(node) in made}
    words = ("return",)  # (every factory says it: the callee's text is not what tells them apart)
    for loop in loops(model.source.tree.body):
        if ends_early(loop):
            continue
        for stmt, direct in every_iteration(loop.body):  # type: ignore[attr-defined]
            if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1 or stmt.value.__class__ is not ast.Call:  # type: ignore[attr-defined]
                continue
            if not calls_one_of(stmt, names):
                continue
            target = dotted(stmt.targets[0])  # type: ignore[attr-defined]
            if target is None or target.count(".") > 1:
                continue
            called = called_function(stmt, model, words) or called_method(stmt, loop, model, words) or called_on_instance(stmt, model, words)  # type: ignore[arg-type]
            if called is None or called[1] is not stmt.value or id(called[0]) not in made:  # type: ignore[attr-defined]
                continue  # (another call of the statement, or a method forwarding to another)
            function = called[0]
            construction = made[id(function)]
            if not used(loop, target) or _bound_elsewhere(loop, target, stmt):
                continue
            parameters = call_parameters(called)
            if parameters is None or reads_what_the_loop_changes(stmt.value, loop, own=True):  # type: ignore[arg-type]
                continue
            instance, params, passed = parameters
            if same_on_every_call(construction, function, loop, model, instance, params, passed):
                yield loop, stmt, target, function, construction, direct  # type: ignore[misc]


def same_for_loop(construction: ast.Call, function: ast.FunctionDef, stmt: ast.Assign, loop: ast.AST, model: ModuleModel) -> bool:
    """What `built_through_factories` checks of the loop, checked of `loop` (the loop a fix
    would move the statement before: the factory builds the same object from call to call of
    that loop)."""
    called = (function, stmt.value)
    parameters = call_parameters(called)  # type: ignore[arg-type]
    if parameters is None or reads_what_the_loop_changes(stmt.value, loop, own=True):  # type: ignore[arg-type]
        return False
    instance, params, passed = parameters
    return same_on_every_call(construction, function, loop, model, instance, params, passed)


def _all_functions(model: ModuleModel) -> Iterator[list[ast.AST]]:
    facts = model.facts
    yield [info.node for info in facts.module_functions.values()]
    for methods in facts.methods.values():
        yield [info.node for info in methods.values()]


def _bound_elsewhere(loop: ast.AST, target: str, stmt: ast.stmt) -> bool:
    """The loop binds `target` otherwise than by `stmt` (another assignment, a loop's target,
    `del`): which object the loop uses is not the factory's alone."""
    own = stmt.targets[0]  # type: ignore[attr-defined]
    for node in ast_walk(loop):
        if node is own or node.__class__ not in (ast.Name, ast.Attribute) or node.ctx.__class__ is ast.Load:  # type: ignore[attr-defined]
            continue
        if dotted(node) == target:
            return True
    return False
