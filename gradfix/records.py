"""Record classes: `@dataclass`'s behaviour for what gradfix uses, at a fraction of its import cost.

The standard `dataclasses` module imports `inspect` (with `dis`, `tokenize`, `linecache`), and
each `@dataclass` compiles its `__init__`, `__repr__`, `__eq__` (and, frozen, `__hash__`,
`__setattr__`, `__delattr__`) from source text when the class is defined. For gradfix's 62
record classes that was about 28 ms of a ~110 ms check of a 300-line training script, most of
it for classes the run never builds. Here the same methods are made the first time a class
uses them, and `__repr__` and the frozen guards are shared functions. For gradfix's own classes
they come compiled with the package, from `gradfix._record_methods` (run `python
scripts/record_methods.py --update` after changing a record class's fields; tests/test_records.py
fails while it is stale, and a class it does not know compiles its methods from source).

Supported (all gradfix needs): `@dataclass`, `@dataclass(frozen=..., eq=..., repr=...)`,
`field(default=..., default_factory=..., repr=...)`, `replace`, `fields`, `is_dataclass`;
annotations as strings (`from __future__ import annotations`) or objects; `ClassVar`
annotations are not fields. Not supported, and refused rather than half-done: base classes
that are records, `__post_init__`, `InitVar`, keyword-only fields. Semantics follow
`dataclasses`: a generated `__init__` in field order (a default-factory default is called per
instance), `__eq__` comparing the fields as a tuple for the same class, `__hash__` over the
fields for `frozen` with `eq` (unhashable for `eq` without `frozen`), frozen instances refusing
assignment with `FrozenInstanceError`; a method the class body defines is kept.
"""

from __future__ import annotations

from _thread import get_ident

TYPE_CHECKING = False  # `typing` costs start-up time (every run imports this module): type checkers only
if TYPE_CHECKING:
    from typing import Any, Callable, TypeVar

    from typing_extensions import dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**_: object) -> Callable[[Any], Any]:
        return lambda function: function


__all__ = [
    "FrozenInstanceError", "MISSING", "Field", "NamedTuple", "dataclass", "field", "fields", "is_dataclass", "replace",
]  # fmt: skip


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_FACTORY: Any = type("_HasDefaultFactory", (), {"__repr__": lambda self: "<factory>"})()


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen record."""


class Field:
    __slots__ = ("name", "default", "default_factory", "repr")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING, repr: bool = True) -> None:  # noqa: A002
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.repr = repr

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r}, default_factory={self.default_factory!r}, repr={self.repr})"


def field(*, default: Any = MISSING, default_factory: Any = MISSING, repr: bool = True) -> Any:  # noqa: A002
    """A field with a default, a default factory (called for every instance) or no repr."""
    return Field(default, default_factory, repr)


def _is_classvar(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar", "t.ClassVar"))


@dataclass_transform(field_specifiers=(field,))
def dataclass(cls: Any = None, /, *, frozen: bool = False, eq: bool = True, repr: bool = True) -> Any:  # noqa: A002
    """`dataclasses.dataclass` for record classes (see the module's docstring)."""

    def wrap(cls: type[T]) -> type[T]:
        return _process(cls, frozen, eq, repr)

    return wrap if cls is None else wrap(cls)


def _process(cls: Any, frozen: bool, eq: bool, with_repr: bool) -> Any:
    body = cls.__dict__
    for base in cls.__mro__[1:]:
        if "__record_fields__" in base.__dict__:
            raise TypeError(f"{cls.__name__}: a record cannot inherit from a record here")
    if "__post_init__" in body:
        raise TypeError(f"{cls.__name__}: __post_init__ is not supported")
    found: list[Field] = []
    for name, annotation in body.get("__annotations__", {}).items():
        if _is_classvar(annotation):
            continue
        if "InitVar" in str(annotation) or "KW_ONLY" in str(annotation):
            raise TypeError(f"{cls.__name__}.{name}: InitVar and KW_ONLY are not supported")
        value = body.get(name, MISSING)
        spec = value if isinstance(value, Field) else Field(value)
        spec.name = name
        if isinstance(spec.default, (list, dict, set)):
            raise ValueError(f"mutable default {type(spec.default)} for field {name} is not allowed: use default_factory")
        if spec.default is MISSING:
            if isinstance(value, Field):
                delattr(cls, name)  # a factory (or no default): not a class attribute
        else:
            setattr(cls, name, spec.default)
        found.append(spec)
    seen_default = False
    for spec in found:
        if spec.default is not MISSING or spec.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {spec.name!r} follows default argument")
    cls.__record_fields__ = tuple(found)
    cls.__record_frozen__ = frozen
    cls.__match_args__ = tuple(spec.name for spec in found)
    generated: list[tuple[str, Callable[[Any], str]]] = []
    if "__init__" not in body:
        generated.append(("__init__", _init_source))
    if with_repr and "__repr__" not in body:
        cls.__repr__ = _repr
    explicit_hash = "__hash__" in body and not (body["__hash__"] is None and "__eq__" in body)
    if eq and "__eq__" not in body:
        generated.append(("__eq__", _eq_source))
    if eq and not explicit_hash:
        if frozen:
            generated.append(("__hash__", _hash_source))
        else:
            cls.__hash__ = None
    for name, make_source in generated:
        setattr(cls, name, _lazy(cls, name, make_source))
    cls.__record_methods__ = tuple(generated)
    if frozen:
        if "__setattr__" in body or "__delattr__" in body:
            raise TypeError(f"cannot overwrite attribute __setattr__ or __delattr__ in frozen class {cls.__name__}")
        cls.__setattr__ = _frozen_setattr
        cls.__delattr__ = _frozen_delattr
    return cls


# methods -----------------------------------------------------------------------------------


def _lazy(cls: Any, name: str, make_source: Callable[[Any], str]) -> Callable[..., Any]:
    """A stand-in that compiles the real method on its first call and puts it in its place."""

    def stand_in(self: Any, *args: Any, **kwargs: Any) -> Any:
        method = cls.__dict__[name]
        if method is stand_in:
            method = _compile(cls, name, make_source(cls))
            setattr(cls, name, method)
        return method(self, *args, **kwargs)

    stand_in.__name__ = name
    stand_in.__qualname__ = f"{cls.__qualname__}.{name}"
    return stand_in


def _compile(cls: Any, name: str, source: str) -> Callable[..., Any]:
    """The method `source` defines, with the class's defaults and factories as its globals: made
    by the function compiled ahead of time for the same source (`gradfix._record_methods`,
    loaded from bytecode), or else compiled here (0.28 ms a method: 28 of them in a check of a
    300-line training script)."""
    namespace = _namespace(cls)
    made = _precompiled().get(source)
    method = made(**namespace) if made is not None else _from_source(source, name, namespace)
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    method.__module__ = cls.__module__
    return method  # type: ignore[no-any-return]


def _namespace(cls: Any) -> dict[str, Any]:
    namespace: dict[str, Any] = {"MISSING": MISSING, "_FACTORY": _FACTORY, "_setattr": object.__setattr__}
    for spec in cls.__record_fields__:
        namespace[f"_default_{spec.name}"] = spec.default
        namespace[f"_factory_{spec.name}"] = spec.default_factory
    return namespace


def _from_source(source: str, name: str, namespace: dict[str, Any]) -> Callable[..., Any]:
    exec(source, namespace)  # noqa: S102 -- built from the class's own field names
    return namespace[name]  # type: ignore[no-any-return]


_PRECOMPILED: dict[str, Callable[..., Any]] | None = None


def _precompiled() -> dict[str, Callable[..., Any]]:
    global _PRECOMPILED
    if _PRECOMPILED is None:
        try:
            from gradfix._record_methods import METHODS
        except ImportError:  # a checkout without the generated module: compile from source
            METHODS = {}
        _PRECOMPILED = METHODS
    return _PRECOMPILED


def precompiled_module(classes: list[Any]) -> str:
    """The text of `gradfix._record_methods`: for each distinct method source of these record
    classes, a function that takes the class's names (`_namespace`) as keyword arguments and
    returns the method, defined by that very source inside it (its names are then the
    function's arguments instead of globals: the same values, looked up the same way)."""
    makers: dict[str, str] = {}
    keys: dict[str, set[str]] = {}
    for cls in classes:
        for _, make_source in cls.__record_methods__:
            source = make_source(cls)
            makers.setdefault(source, f"_m{len(makers)}")
            keys.setdefault(source, set()).update(key for key in _namespace(cls) if key in source)
    lines = [
        '"""The generated methods of gradfix\'s record classes, compiled with the package (see',
        "`gradfix.records._compile`). Generated by `python scripts/record_methods.py --update`;",
        'tests/test_records.py fails when it is stale. Do not edit."""',
        "# fmt: off",
        "# ruff: noqa",
        "",
    ]
    for source, maker in makers.items():
        method = source.split("(", 1)[0].removeprefix("def ")
        names = "".join(f"{key}, " for key in sorted(keys[source]))
        lines += ["", f"def {maker}({'*, ' if names else ''}{names}**_):"]
        lines += [f"    {line}" for line in source.rstrip("\n").split("\n")]
        lines += [f"    return {method}", ""]
    lines += ["", "METHODS = {"]
    lines += [f"    {source!r}: {maker}," for source, maker in makers.items()]
    lines += ["}", ""]
    return "\n".join(lines)


def _init_source(cls: Any) -> str:
    params = ["self"]
    lines = []
    for spec in cls.__record_fields__:
        name = spec.name
        if spec.default_factory is not MISSING:
            params.append(f"{name}=_FACTORY")
            value = f"_factory_{name}() if {name} is _FACTORY else {name}"
        elif spec.default is not MISSING:
            params.append(f"{name}=_default_{name}")
            value = name
        else:
            params.append(name)
            value = name
        lines.append(f"_setattr(self, {name!r}, {value})" if cls.__record_frozen__ else f"self.{name} = {value}")
    return f"def __init__({', '.join(params)}):\n    " + ("\n    ".join(lines) or "pass") + "\n"


def _fields_tuple(cls: Any, who: str) -> str:
    names = [f"{who}.{spec.name}" for spec in cls.__record_fields__]
    return "(" + "".join(f"{name}, " for name in names) + ")"


def _eq_source(cls: Any) -> str:
    return (
        "def __eq__(self, other):\n"
        "    if other.__class__ is self.__class__:\n"
        f"        return {_fields_tuple(cls, 'self')} == {_fields_tuple(cls, 'other')}\n"
        "    return NotImplemented\n"
    )


def _hash_source(cls: Any) -> str:
    return f"def __hash__(self):\n    return hash({_fields_tuple(cls, 'self')})\n"


_REPRS: set[tuple[int, int]] = set()  # (id(self), thread) being shown: a cycle shows as `...`


def _repr(self: Any) -> str:
    key = (id(self), get_ident())
    if key in _REPRS:
        return "..."
    _REPRS.add(key)
    try:
        shown = ", ".join(f"{spec.name}={getattr(self, spec.name)!r}" for spec in type(self).__record_fields__ if spec.repr)
    finally:
        _REPRS.discard(key)
    return f"{type(self).__qualname__}({shown})"


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


# functions ---------------------------------------------------------------------------------


def is_dataclass(obj: object) -> bool:
    """A record class or an instance of one."""
    cls = obj if isinstance(obj, type) else type(obj)
    return "__record_fields__" in cls.__dict__


def fields(obj: object) -> tuple[Field, ...]:
    cls = obj if isinstance(obj, type) else type(obj)
    if not is_dataclass(cls):
        raise TypeError("must be called with a record class or instance")
    return cls.__record_fields__  # type: ignore[no-any-return]


def replace(obj: T, **changes: Any) -> T:
    """A copy of the record `obj` with `changes`."""
    for spec in fields(obj):
        if spec.name not in changes:
            changes[spec.name] = getattr(obj, spec.name)
    return type(obj)(**changes)  # type: ignore[no-any-return]


# `typing.NamedTuple`'s class syntax, for run time only (type checkers see `typing.NamedTuple`:
# `if TYPE_CHECKING: from typing import NamedTuple` / `else: from gradfix.records import
# NamedTuple`). Importing `typing` costs every check of a training file 13 M instructions.
_NAMED_TUPLE_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})


class _NamedTupleMeta(type):
    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        if not bases:  # `NamedTuple` itself
            return super().__new__(mcls, name, bases, namespace)
        if bases != (NamedTuple,):
            raise TypeError("can only inherit from NamedTuple")
        from collections import namedtuple

        annotations = namespace.get("__annotations__", {})
        defaulted = [field for field in annotations if field in namespace]
        if defaulted and list(annotations)[-len(defaulted) :] != defaulted:
            raise TypeError(f"non-default field follows a default one in {name}")
        made = namedtuple(name, list(annotations), defaults=[namespace[field] for field in defaulted], module=namespace["__module__"])
        made.__annotations__ = made.__new__.__annotations__ = dict(annotations)
        for key, value in namespace.items():  # as `typing` does: the class body's methods and names
            if key not in _NAMED_TUPLE_SPECIAL and key not in made._fields:
                setattr(made, key, value)
        return made


class NamedTuple(metaclass=_NamedTupleMeta):
    """`class Point(NamedTuple): x: int = 0`, as with `typing.NamedTuple`: a `collections.namedtuple`
    of the annotated fields, their defaults, and the class body's methods."""
