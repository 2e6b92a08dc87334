"""Regular expressions compiled the first time they are used, not when their module is imported.

Compiling a pattern runs Python code (`re`'s parser and compiler). gradfix's modules define
about sixty patterns; compiling all of them as the modules were imported took 14 ms of the
start-up of `gradfix FILE`, while a check of a 300-line training script uses about twenty of
them, and a file without gradient code none. A `LazyPattern` compiles on its first use; then
each of its methods is the compiled pattern's own bound method, kept on the object, so that
every later use costs what it cost with `re.compile` (no extra Python call).
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import AnyStr

__all__ = ["LazyPattern", "calls", "lazily", "starting_at"]

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


def lazily(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """`re.compile(pattern, flags)`, compiled when first used (for module-level patterns)."""
    return LazyPattern(pattern, flags)  # type: ignore[return-value]


class LazyPattern:
    """A pattern and its flags; the compiled pattern's methods once one of them is called."""

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern:  # type: ignore[type-arg]
        """Compile, and let the compiled pattern's methods answer from now on."""
        compiled = re.compile(self.pattern, self.flags)
        for name in _METHODS:
            setattr(self, name, getattr(compiled, name))  # found before the class's (`_first_use`)
        return compiled

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"


def _first_use(name: str):  # type: ignore[no-untyped-def]
    """`LazyPattern.<name>`: used once at most per object (compiling replaces it on the object)."""

    def method(self: LazyPattern, *args, **kwargs):  # type: ignore[no-untyped-def]
        return getattr(self.compiled(), name)(*args, **kwargs)

    method.__name__ = method.__qualname__ = name
    return method


for _name in _METHODS:
    setattr(LazyPattern, _name, _first_use(_name))
del _name


# A pattern that starts with a look-behind or `\b` gives `re` no literal prefix to look for: it
# is tried at every position of the text (a 200 kB module took tens of milliseconds per name).
# These find the literal first and try the pattern only there.


def starting_at(pattern: re.Pattern[AnyStr], text: AnyStr, literal: AnyStr) -> Iterator[re.Match[AnyStr]]:
    """What `pattern.finditer(text)` finds, for a pattern each of whose matches starts with
    `literal` (after zero-width assertions, which still see the text before it): tried only
    where `literal` occurs."""
    at = text.find(literal)
    while at != -1:
        match = pattern.match(text, at)
        if match is None:
            at = text.find(literal, at + 1)
        else:
            yield match
            at = text.find(literal, max(match.end(), at + 1))


def on_lines(pattern: re.Pattern[AnyStr], text: AnyStr, literal: AnyStr, folded: AnyStr | None = None) -> Iterator[re.Match[AnyStr]]:
    """The first match of `pattern.search` on each line of `text` that contains `literal` (in
    `folded`, a lower-cased copy of `text`, when given), in order: a pattern anchored at a
    line's start (`(?m)^`) or wanting `=` somewhere tried only on the lines naming its literal."""
    where = text if folded is None else folded
    newline = "\n" if isinstance(text, str) else b"\n"
    at = where.find(literal)
    while at != -1:
        line = where.rfind(newline, 0, at) + 1  # type: ignore[arg-type]
        end = where.find(newline, at)  # type: ignore[arg-type]
        if end == -1:
            end = len(text)
        match = pattern.search(text, line, end)
        if match is not None:
            yield match
        at = where.find(literal, end)


def calls(text: str, key: str) -> bool:
    """`re.search(r"(?<![\\w.])" + re.escape(key) + r"\\s*\\(", text)`: the text calls `key`
    (`step(`, `self.fn (`), not as an attribute or the end of a longer name."""
    at = text.find(key)
    while at != -1:
        before = text[at - 1] if at else ""
        if not (before.isalnum() or before == "_" or before == "."):
            after = at + len(key)
            rest = text[after : after + 1]
            while rest and rest.isspace():
                after += 1
                rest = text[after : after + 1]
            if rest == "(":
                return True
        at = text.find(key, at + 1)
    return False
