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
