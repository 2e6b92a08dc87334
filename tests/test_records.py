"""gradfix.records behaves like the standard dataclasses for what gradfix uses.

Every record class of gradfix is compared with the same class body built by `dataclasses`
(fields, defaults, equality, hashing, repr, frozen assignment), so a record that drifts from
the standard semantics fails here, not in a rule.
"""

from __future__ import annotations

import dataclasses
import pickle
from typing import ClassVar

import pytest

from gradfix import records
from gradfix.pipeline import Diagnostic, FileResult, Options


def _both(frozen: bool = False, eq: bool = True, repr: bool = True):  # noqa: A002
    made = []
    for module, field in ((records, records.field), (dataclasses, dataclasses.field)):

        @module.dataclass(frozen=frozen, eq=eq, repr=repr)
        class Point:
            x: int
            label: str = "p"
            tags: list = field(default_factory=list)
            note: object = field(default=None, repr=False)
            kind: ClassVar[str] = "point"

        made.append(Point)
    return made


@pytest.mark.parametrize("frozen", [False, True])
@pytest.mark.parametrize("eq", [False, True])
@pytest.mark.parametrize("with_repr", [False, True])
def test_same_behaviour_as_dataclasses(frozen: bool, eq: bool, with_repr: bool) -> None:
    ours, theirs = _both(frozen, eq, with_repr)
    for cls in (ours, theirs):
        a, b, c = cls(1), cls(1), cls(2, "q", [3], note="n")
        assert (a.x, a.label, a.tags, a.note) == (1, "p", [], None)
        assert (c.x, c.label, c.tags, c.note) == (2, "q", [3], "n")
        assert a.tags is not b.tags  # a factory per instance
        assert (a == b) is eq and (a != c)
        assert a.kind == "point" and cls.label == "p"
    for args in ((1,), (2, "q", [3])):
        o, t = ours(*args), theirs(*args)
        if with_repr:
            assert repr(o) == repr(t)
        else:
            assert repr(o).startswith("<")
        assert (type(o).__hash__ is None) == (type(t).__hash__ is None)
        if type(t).__hash__ is not None and eq:
            assert hash(ours(1, "p", ())) == hash(theirs(1, "p", ()))
    if frozen:
        with pytest.raises(records.FrozenInstanceError):
            ours(1).x = 2
        with pytest.raises(records.FrozenInstanceError):
            del ours(1).x
        assert isinstance(records.FrozenInstanceError("x"), AttributeError)
    else:
        o = ours(1)
        o.x = 5
        assert o.x == 5


def test_replace_fields_and_pickle() -> None:
    ours, _ = _both(frozen=True)
    point = ours(1, "a", [2])
    moved = records.replace(point, x=3)
    assert (moved.x, moved.label, moved.tags) == (3, "a", [2]) and point.x == 1
    assert [f.name for f in records.fields(ours)] == ["x", "label", "tags", "note"]
    assert records.is_dataclass(point) and records.is_dataclass(ours) and not records.is_dataclass(1)
    # what the process pool sends: options out, results back
    options = Options(select=frozenset({"GF001"}), fix=True)
    assert pickle.loads(pickle.dumps(options)) == options
    result = FileResult("a.py", [Diagnostic("a.py", 1, 2, 1, 3, "GF001", "m", True, "safe")])
    back = pickle.loads(pickle.dumps(result))
    assert back.diagnostics == result.diagnostics and back.fixed_codes == result.fixed_codes


def test_refuses_what_it_does_not_support() -> None:
    with pytest.raises(TypeError):

        @records.dataclass
        class Bad:
            x: int = 1
            y: int

    with pytest.raises(ValueError):

        @records.dataclass
        class Mutable:
            x: list = []  # noqa: RUF012

    with pytest.raises(TypeError):

        @records.dataclass
        class Later:
            x: int

            def __post_init__(self) -> None:
                pass


def test_a_method_in_the_body_is_kept() -> None:
    @records.dataclass(frozen=True)
    class Named:
        name: str

        def __repr__(self) -> str:
            return "named"

        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    one = Named("a")
    assert repr(one) == "named"
    assert one == 1
    assert hash(one) == object.__hash__(one)


def test_named_tuple_builds_what_typing_named_tuple_builds() -> None:
    """`gradfix.records.NamedTuple` (the analysis's tuples at run time, without importing
    `typing`) against `typing.NamedTuple` on the same class body."""
    import typing

    from gradfix.records import NamedTuple

    def body(base: type) -> type:
        class Point(base):  # type: ignore[misc,valid-type]
            """A point."""

            x: int
            y: int = 2
            tags: tuple[str, ...] = ()

            def moved(self, dx: int) -> Point:
                return self._replace(x=self.x + dx)

            @property
            def total(self) -> int:
                return self.x + self.y

        return Point

    ours, theirs = body(NamedTuple), body(typing.NamedTuple)
    for cls in (ours, theirs):
        assert cls.__mro__[1:] == (tuple, object)
    for attribute in ("_fields", "_field_defaults", "__doc__", "__module__", "__qualname__", "__slots__"):
        assert getattr(ours, attribute) == getattr(theirs, attribute), attribute
    # the same annotated names (typing wraps string annotations in ForwardRef; they stay strings)
    assert list(ours.__annotations__) == list(theirs.__annotations__) == ["x", "y", "tags"]
    a, b = ours(1), theirs(1)
    assert tuple(a) == tuple(b) == (1, 2, ())
    assert repr(a) == repr(b)
    assert tuple(a.moved(3)) == tuple(b.moved(3)) == (4, 2, ())
    assert a.total == b.total == 3
    assert type(a._replace(y=5)) is ours
    with pytest.raises(TypeError):

        class Bad(NamedTuple):  # a field without a default after one with
            x: int = 0
            y: int


# methods compiled with the package (gradfix/_record_methods.py) ----------------------------


def _script():  # type: ignore[no-untyped-def]
    from conftest import load_script

    return load_script("record_methods.py")


def test_the_precompiled_methods_are_current() -> None:
    script = _script()
    classes = script.record_classes()
    assert len(classes) > 50
    assert script.TARGET.read_text(encoding="utf-8") == records.precompiled_module(classes), (
        "stale: run `python scripts/record_methods.py --update`"
    )


def test_precompiled_methods_do_what_the_compiled_ones_do() -> None:
    from gradfix._record_methods import METHODS

    checked = 0
    for cls in _script().record_classes():
        specs = cls.__record_fields__
        required = [object() for spec in specs if spec.default is records.MISSING and spec.default_factory is records.MISSING]
        every = [object() for _ in specs]
        made: dict[str, tuple[object, object]] = {}
        for name, make_source in cls.__record_methods__:
            source = make_source(cls)
            made[name] = (
                METHODS[source](**records._namespace(cls)),
                records._from_source(source, name, records._namespace(cls)),
            )
        if "__init__" not in made:
            continue
        pairs = []
        for args in (required, every):
            first, second = object.__new__(cls), object.__new__(cls)
            made["__init__"][0](first, *args)  # type: ignore[operator]
            made["__init__"][1](second, *args)  # type: ignore[operator]
            for spec in specs:
                a, b = getattr(first, spec.name), getattr(second, spec.name)
                if spec.default_factory is records.MISSING or args is every:
                    assert a is b, (cls, spec.name)
                else:  # a fresh object from the factory for each instance
                    assert type(a) is type(b), (cls, spec.name)
                    if type(a) in (list, dict, set):
                        assert a is not b and a == b, (cls, spec.name)
            pairs.append((first, second))
        for name in ("__eq__", "__hash__"):
            if name in made:
                precompiled, compiled = made[name]
                for first, second in pairs:
                    other = pairs[0][0] if first is not pairs[0][0] else pairs[-1][0]
                    if name == "__eq__":
                        assert precompiled(first, second) == compiled(first, second)  # type: ignore[operator]
                        assert precompiled(first, other) == compiled(first, other)  # type: ignore[operator]
                    else:
                        assert _outcome(precompiled, first) == _outcome(compiled, first)
        checked += 1
    assert checked > 50


def _outcome(method, instance):  # type: ignore[no-untyped-def]
    """A method's result, or the type of what it raised (hashing a record with a list field)."""
    try:
        return method(instance)
    except TypeError as error:
        return type(error)


def test_a_check_of_a_training_script_compiles_no_record_method() -> None:
    """The point: the methods come from bytecode. In a fresh process (each method is made
    once per process), a check of a training script makes many and compiles none."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "examples" / "linreg_no_zero_grad.py"
    code = (
        "import json, sys\n"
        "from gradfix import records\n"
        "counts = {'compiled': 0, 'made': 0}\n"
        "real_compile, real_source = records._compile, records._from_source\n"
        "def made(*a):\n"
        "    counts['made'] += 1\n"
        "    return real_compile(*a)\n"
        "def compiled(*a):\n"
        "    counts['compiled'] += 1\n"
        "    return real_source(*a)\n"
        "records._compile, records._from_source = made, compiled\n"
        "from gradfix.cli import main\n"
        "try:\n"
        "    main(['--no-cache', sys.argv[1]])\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.__stderr__.write(json.dumps(counts))\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(script)], capture_output=True, text=True, timeout=120, check=False)
    counts = json.loads(done.stderr.strip().splitlines()[-1])
    assert counts["made"] > 10 and counts["compiled"] == 0, counts


def test_a_record_class_the_module_does_not_know_is_compiled_from_source() -> None:
    @records.dataclass(frozen=True)
    class Unknown:
        first_field_nobody_else_has: int
        second: list = records.field(default_factory=list)

    one, two = Unknown(1), Unknown(1)
    assert one == two and one != Unknown(2)
    assert one.second == [] and one.second is not two.second
    assert Unknown.__init__.__qualname__.endswith("Unknown.__init__")
