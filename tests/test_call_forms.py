"""`gradfix.call_forms`: a dispatch dict of one function and a partial's `**` of known keys are
read as the plain call; every other form is left as written."""

from __future__ import annotations

import ast

import pytest

from gradfix.call_forms import dispatch_target
from gradfix.source import Source


def _calls(text: str) -> list[str]:
    tree = Source.from_text("def f(*args, **kwargs):\n    pass\n\n\n" + text).tree  # (`f`, a function of the module)
    return [ast.unparse(node) for node in ast.walk(tree) if isinstance(node, ast.Call)]


@pytest.mark.parametrize(
    "text,expected",
    [
        ('def run(s):\n    extras = {"lr": 0.1, "sched": s}\n    s2 = partial(f, m=1, **extras)\n', "partial(f, m=1, lr=0.1, sched=s)"),
        (
            'def run(sched):\n    e = {k: v for k, v in locals().items() if k in ("sched", "scaler")}\n    p = partial(f, **e)\n',
            "partial(f, sched=sched)",
        ),
        ('def run():\n    e = {k: v for k, v in locals().items() if k in ("scaler",)}\n    p = functools.partial(f, 1, **e)\n', "functools.partial(f, 1)"),
        # a name bound before the dict in the loop body that builds it, each iteration
        (
            'def run(n):\n    for i in range(n):\n        scaler = g()\n        e = {k: v for k, v in locals().items() if k in ("scaler", "sched")}\n'
            '        p = partial(f, **e)\n',
            "partial(f, scaler=scaler)",
        ),
        # a top-level `operator.methodcaller` bound once: its call is the method's
        ('import operator\nCLEAR = operator.methodcaller("zero_grad", set_to_none=True)\ndef run(o):\n    CLEAR(o)\n', "o.zero_grad(set_to_none=True)"),
        ('from operator import methodcaller\nADVANCE = methodcaller("step")\ndef run(s):\n    ADVANCE(s.opt)\n', "s.opt.step()"),
        # a method called on an entry of a top-level dict of instances: one arm per entry
        ('class A:\n    pass\nclass B:\n    pass\nD = {"a": A(), "b": B()}\ndef run(k, c):\n    p = D[k]\n    p.go(c)\n', "D__1.go(c)"),
    ],
)
def test_plain_forms(text: str, expected: str) -> None:
    assert expected in _calls(text)


@pytest.mark.parametrize(
    "text,kept",
    [
        # `extras` bound twice
        ('def run():\n    e = {"a": 1}\n    e = {"b": 2}\n    p = partial(f, **e)\n', "partial(f, **e)"),
        # a value the function never binds (a global): maybe rebound before the partial
        ('def run():\n    e = {"a": s}\n    p = partial(f, **e)\n', "partial(f, **e)"),
        # a value bound only after the dict: another object at the partial
        ('def run():\n    e = {"a": s}\n    s = 1\n    p = partial(f, **e)\n', "partial(f, **e)"),
        # a key also written in the partial (a TypeError there): left alone
        ('def run(s):\n    e = {"a": s}\n    p = partial(f, a=2, **e)\n', "partial(f, a=2, **e)"),
        # a name of the filter bound under a condition: maybe in `locals()`, maybe not
        (
            'def run(c):\n    if c:\n        sched = 1\n    e = {k: v for k, v in locals().items() if k in ("sched",)}\n    p = partial(f, **e)\n',
            "partial(f, **e)",
        ),
        # a name of the filter read from the enclosing scope (a free variable is in `locals()`)
        (
            'def outer(sched):\n    def run():\n        print(sched)\n        e = {k: v for k, v in locals().items() if k in ("sched",)}\n        return partial(f, **e)\n',
            "partial(f, **e)",
        ),
        # a name the loop body binds only after the dict: absent at first, then the last value
        (
            'def run(n):\n    for i in range(n):\n        e = {k: v for k, v in locals().items() if k in ("scaler",)}\n'
            '        p = partial(f, **e)\n        scaler = g()\n',
            "partial(f, **e)",
        ),
        # bound in another block than the dict's (under an `if` of the loop body)
        (
            'def run(n, c):\n    for i in range(n):\n        if c:\n            scaler = g()\n'
            '        e = {k: v for k, v in locals().items() if k in ("scaler",)}\n        p = partial(f, **e)\n',
            "partial(f, **e)",
        ),
        # at the module's top level `locals()` is the module's namespace
        ('e = {k: v for k, v in locals().items() if k in ("sched",)}\np = partial(f, **e)\n', "partial(f, **e)"),
        # a methodcaller bound again, with an argument that is no literal, not `operator`'s, or
        # called with more than the object
        ('import operator\nCLEAR = operator.methodcaller("zero_grad")\nCLEAR = print\ndef run(o):\n    CLEAR(o)\n', "CLEAR(o)"),
        ('import operator\nCLEAR = operator.methodcaller("zero_grad", set_to_none=flag)\ndef run(o):\n    CLEAR(o)\n', "CLEAR(o)"),
        ('from tools import methodcaller\nCLEAR = methodcaller("zero_grad")\ndef run(o):\n    CLEAR(o)\n', "CLEAR(o)"),
        ('import operator\nCLEAR = operator.methodcaller("zero_grad")\ndef run(o):\n    CLEAR(o, True)\n', "CLEAR(o, True)"),
        ('import operator\ndef run(o):\n    CLEAR = operator.methodcaller("zero_grad")\n    CLEAR(o)\n', "CLEAR(o)"),
    ],
)
def test_other_forms_left_as_written(text: str, kept: str) -> None:
    assert kept in _calls(text)


@pytest.mark.parametrize(
    "text",
    [
        # a dict with an entry that is no instance of a class of the module, or one entry only
        'class A:\n    pass\nD = {"a": A(), "b": make()}\ndef run(k, c):\n    p = D[k]\n    p.go(c)\n',
        'class A:\n    pass\nD = {"a": A()}\ndef run(k, c):\n    p = D[k]\n    p.go(c)\n',
        # the names the reading would make are taken
        'class A:\n    pass\nclass B:\n    pass\nD = {"a": A(), "b": B()}\nD__0 = 1\ndef run(k, c):\n    p = D[k]\n    p.go(c)\n',
    ],
)
def test_instance_dicts_left_as_written(text: str) -> None:
    assert _calls(text).count("p.go(c)") == 1 and not any("D__" in call for call in _calls(text))


def _names(text: str) -> set[str]:
    return {node.id for node in ast.walk(Source.from_text(text).tree) if isinstance(node, ast.Name)}


def test_module_state_dict_entries_read_as_globals() -> None:
    text = 'S = {}\nS["opt"] = make()\nS[\'k\'] = 1\n\ndef f():\n    S["opt"].step()\n    return S[\'k\']\n'
    names = [node.id for node in ast.walk(Source.from_text(text).tree) if isinstance(node, ast.Name)]
    assert names.count('S["opt"]') == 2 and names.count("S['k']") == 2 and names.count("S") == 1  # (`S = {}` only)


@pytest.mark.parametrize(
    "text",
    [
        'S = {}\nS["opt"] = make()\nuse(S)\n',  # handed on
        'S = {}\nS["opt"] = make()\nS["opt"] = make()\n',  # written twice
        'S = {}\nS["opt"] = make()\n\ndef f():\n    S["opt"] = make()\n',  # written in a function
        'S = {}\nS["opt"] = make()\n\ndef f(S):\n    S["opt"].step()\n',  # a parameter of that name
        'S = {}\nS["opt"] = make()\nS["n"] = 0\nS["n"] += 1\n',  # written by an augmented assignment
        'S = {}\nS["opt"] = make()\nS.update(x=1)\n',  # a method of the dict
        'S = {}\nS["opt"] = make()\nprint(S["other"])\n',  # a key never written
        'S = {}\nS["opt"] = make()\nk = "opt"\nS[k].step()\n',  # a key not a constant
    ],
)
def test_module_state_dicts_left_as_written(text: str) -> None:
    assert "S" in _names(text) and not any("[" in name for name in _names(text))


@pytest.mark.parametrize(
    "text",
    [
        'def run(s):\n    e = {}\n    e["lr"] = s\n    return partial(f, **e)\n',  # written into after
        'def run(s):\n    e = {"a": s}\n    e.update(b=1)\n    return partial(f, **e)\n',  # updated
        'def run(s):\n    e = {"a": s}\n    def more():\n        e["b"] = 1\n    more()\n    return partial(f, **e)\n',
    ],
)
def test_spread_dicts_changed_after_they_are_built_left_as_written(text: str) -> None:
    assert "partial(f, **e)" in _calls(text)


@pytest.mark.parametrize(
    "text,expected",
    [
        ('{"a": step}[mode]', "step"),
        ('{"a": step, "b": step}[key]', "step"),
        ('{"a": f, "b": g}[mode]', None),  # two functions: which one runs is not known
        ('{"a": f, **more}[mode]', None),  # a `**` inside the dict: its keys are not known
        ('{"a": f}[1:2]', None),  # a slice
        ('{"a": f()}[k]', None),  # no plain name
    ],
)
def test_dispatch_target(text: str, expected: str | None) -> None:
    found = dispatch_target(ast.parse(text, mode="eval").body)
    assert (found.id if found is not None else None) == expected
