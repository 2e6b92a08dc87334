#!/usr/bin/env python3
"""Generate a deterministic synthetic Python corpus for the gradfix speed benchmark.

The corpus imitates a medium/large Python code base laid out as packages:

* ``N`` modules in nested folders (``pkg_XXX/sub_YY/``, about 50 modules per
  folder, each folder has an ``__init__.py`` which counts as one of the ``N``).
* Module sizes follow a log-normal distribution clipped to 50..800 lines with a
  median of about 200 lines.
* Ordinary code: classes, dataclasses, functions with type hints and
  docstrings, comprehensions, string formatting, ``try``/``with`` blocks,
  logging, and imports of ``typing``/``numpy``/``torch`` in some modules.
* About 5% of the modules contain a PyTorch training loop built from several
  templates with random variation (names, ``for``/``while``, epoch loops,
  methods vs functions, AMP, gradient accumulation, GANs).  Some of those
  loops contain the bugs gradfix targets (no ``zero_grad``, ``zero_grad``
  between ``backward`` and ``step``, ``retain_graph=True`` double backward);
  the rest are correct.
* A further share of modules (default 25%) use ``torch`` (models, inference,
  tensor utilities) without any ``.backward(`` call, so that TorchFix's
  "contains 'torch'" prefilter does not skip everything.

Everything is derived from ``--seed`` and the file index, so module ``i`` is
byte-for-byte identical in every corpus built with the same seed: the corpus
of 1,000 files is a prefix of the corpus of 50,000 files.

Every generated file is checked with ``compile()`` (disable with
``--no-verify``); ``--check DIR`` re-checks an existing tree.

Usage::

    python benchmarks/make_corpus.py --files 5000 --out /tmp/corpus --seed 1
    python benchmarks/make_corpus.py --check /tmp/corpus
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Callable

# Bump whenever the output of the generator changes (used for corpus caching).
GENERATOR_VERSION = 1

FILES_PER_FOLDER = 50
SUBFOLDERS_PER_PACKAGE = 10
MIN_LINES = 50
MAX_LINES = 800
MEDIAN_LINES = 200
MANIFEST_NAME = "MANIFEST.json"

# ---------------------------------------------------------------------------
# Vocabulary
# ---------------------------------------------------------------------------

NOUNS = (
    "user", "order", "item", "record", "config", "session", "cache", "buffer",
    "event", "metric", "report", "token", "node", "edge", "graph", "request",
    "response", "payload", "job", "task", "worker", "result", "feature",
    "sample", "image", "label", "vector", "matrix", "table", "row", "column",
    "field", "schema", "path", "chunk", "block", "segment", "window", "frame",
    "stream", "channel", "signal", "price", "account", "invoice", "customer",
    "product", "shipment", "route", "score", "rank", "weight", "layer",
    "plugin", "handler", "client", "message", "header", "context", "state",
    "snapshot", "entry", "key", "value", "pair", "group", "cluster", "region",
    "zone", "tenant", "policy", "rule", "query", "document", "page", "source",
    "target", "span", "trace", "limit", "offset", "version", "manifest",
)
VERBS = (
    "load", "save", "parse", "build", "compute", "update", "validate",
    "normalize", "merge", "split", "collect", "filter", "render", "format",
    "resolve", "fetch", "encode", "decode", "process", "transform", "apply",
    "register", "lookup", "summarize", "aggregate", "flatten", "prepare",
    "clean", "sort", "count", "find", "check", "convert", "export", "sync",
    "refresh", "reset", "emit", "select", "group", "rank", "score", "index",
)
ADJECTIVES = (
    "raw", "clean", "active", "pending", "default", "max", "min", "total",
    "current", "next", "last", "first", "local", "remote", "cached", "valid",
    "sorted", "unique", "base", "extra", "new", "old", "partial", "merged",
)
CLASS_SUFFIXES = (
    "Manager", "Service", "Builder", "Registry", "Handler", "Store",
    "Processor", "Parser", "Client", "Loader", "Writer", "Validator",
    "Resolver", "Formatter", "Collector", "Tracker", "Index", "Pool",
)
TYPE_HINTS = (
    "int", "str", "float", "bool", "List[str]", "Dict[str, Any]",
    "Optional[int]", "Optional[str]", "Sequence[float]", "Mapping[str, int]",
    "Tuple[int, ...]", "Path", "Iterable[str]", "List[Dict[str, Any]]",
)
EXCEPTIONS = ("ValueError", "KeyError", "TypeError", "OSError", "RuntimeError")
LOG_LEVELS = ("debug", "info", "warning")
WORDS = (
    "the", "a", "of", "for", "with", "from", "into", "each", "given", "all",
    "current", "returns", "computes", "builds", "helper", "value", "values",
    "list", "mapping", "entries", "items", "records", "cache", "state",
    "input", "output", "configuration", "when", "if", "missing", "empty",
    "skips", "ignores", "invalid", "raises", "error", "on", "and", "or",
)


def camel(*parts: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in parts)


def q(text: str) -> str:
    """Double-quoted string literal (black style)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------------------
# Ordinary code generator
# ---------------------------------------------------------------------------


class ModuleWriter:
    """Generates the text of one module."""

    def __init__(self, rng: random.Random, use_numpy: bool, use_torch: bool) -> None:
        self.rng = rng
        self.use_numpy = use_numpy
        self.use_torch = use_torch
        self.functions: list[str] = []
        self.classes: list[str] = []
        self.used_names: set = set()

    # -- names --------------------------------------------------------------

    def unique(self, base: str) -> str:
        name = base
        n = 2
        while name in self.used_names:
            name = f"{base}_{n}"
            n += 1
        self.used_names.add(name)
        return name

    def var_name(self) -> str:
        r = self.rng
        roll = r.random()
        if roll < 0.5:
            return r.choice(NOUNS)
        if roll < 0.8:
            return f"{r.choice(ADJECTIVES)}_{r.choice(NOUNS)}"
        return f"{r.choice(NOUNS)}s"

    def func_name(self) -> str:
        r = self.rng
        if r.random() < 0.6:
            base = f"{r.choice(VERBS)}_{r.choice(NOUNS)}s"
        else:
            base = f"{r.choice(VERBS)}_{r.choice(ADJECTIVES)}_{r.choice(NOUNS)}"
        if r.random() < 0.15:
            base = "_" + base
        return self.unique(base)

    def class_name(self) -> str:
        r = self.rng
        return self.unique(camel(r.choice(NOUNS), r.choice(CLASS_SUFFIXES)))

    def sentence(self, lo: int = 4, hi: int = 12) -> str:
        words = [self.rng.choice(WORDS) for _ in range(self.rng.randint(lo, hi))]
        text = " ".join(words)
        return text[:1].upper() + text[1:] + "."

    # -- expressions ----------------------------------------------------------

    def pick(self, names: Sequence[str]) -> str:
        if not names:
            return "value"
        return self.rng.choice(names)

    def literal(self) -> str:
        r = self.rng
        roll = r.random()
        if roll < 0.3:
            return str(r.randint(0, 512))
        if roll < 0.5:
            return q(r.choice(NOUNS))
        if roll < 0.6:
            return f"{r.random() * 10:.3f}"
        if roll < 0.7:
            return r.choice(("None", "True", "False"))
        if roll < 0.85:
            return "[]"
        return "{}"

    def expr(self, names: Sequence[str]) -> str:
        r = self.rng
        a = self.pick(names)
        b = self.pick(names)
        v = r.choice(("x", "item", "entry", "elem", "obj", "val"))
        attr = r.choice(NOUNS)
        choices: list[Callable[[], str]] = [
            lambda: f"{a} + {r.randint(1, 64)}",
            lambda: f"len({a})",
            lambda: f"[{v} for {v} in {a} if {v} is not None]",
            lambda: f"[{v}.{attr} for {v} in {a}]",
            lambda: f"{{k: v for k, v in {a}.items() if v}}",
            lambda: f"{{{v}.{attr}: {v} for {v} in {a}}}",
            lambda: f'f"{r.choice(NOUNS)}-{{{a}}}"',
            lambda: f'f"{r.choice(NOUNS)}={{{a}!r}} ({{{b}}})"',
            lambda: f'"{r.choice(NOUNS)}: {{}}".format({a})',
            lambda: f'"%s/%s" % ({a}, {b})',
            lambda: f"sorted({a}, key=lambda {v}: {v}.{attr})",
            lambda: f"sorted({a}, reverse=True)[:{r.randint(1, 20)}]",
            lambda: f"{a}.get({q(r.choice(NOUNS))}, {self.literal()})",
            lambda: f"max({a}, {b})",
            lambda: f"min({a}, default=0)",
            lambda: f"sum({v} * {v} for {v} in {a})",
            lambda: f"{a} if {b} else {self.literal()}",
            lambda: f"({a} or {self.literal()})",
            lambda: f"str({a}).strip().lower()",
            lambda: f"str({a}).split({q(r.choice(('/', ',', ':', '.')))})",
            lambda: f"any({v} > {r.randint(0, 100)} for {v} in {a})",
            lambda: f"dict(zip({a}, {b}))",
            lambda: f"list({a})",
            lambda: f"set({a}) - set({b})",
            lambda: f"{a} * {r.randint(2, 9)} - {b}",
            lambda: f"round({a} / max({b}, 1), {r.randint(1, 4)})",
            lambda: f"isinstance({a}, (list, tuple))",
            lambda: f"os.path.join(str({a}), {q(r.choice(NOUNS))})",
            lambda: f"json.dumps({a}, sort_keys=True)",
            lambda: f"Path({a}) / {q(r.choice(NOUNS) + '.json')}",
            lambda: f"{a}[{r.randint(0, 4)}:{r.randint(5, 16)}]",
            lambda: f"tuple(sorted(set({a})))",
        ]
        if self.functions:
            fn = r.choice(self.functions)
            choices.append(lambda: f"{fn}({a}, {b})")
            choices.append(lambda: f"{fn}({a})")
        if self.classes:
            cls = r.choice(self.classes)
            choices.append(lambda: f"{cls}({a})")
        if self.use_numpy:
            choices += [
                lambda: f"np.asarray({a}, dtype=np.float32)",
                lambda: f"float(np.mean({a}))",
                lambda: f"np.clip({a}, 0.0, {r.randint(1, 10)}.0)",
                lambda: f"np.concatenate([{a}, {b}], axis=0)",
            ]
        if self.use_torch:
            choices += [
                lambda: f"torch.as_tensor({a}, dtype=torch.float32)",
                lambda: f"torch.cat([{a}, {b}], dim=0)",
                lambda: f"{a}.detach().cpu().numpy()",
                lambda: f"torch.zeros({r.randint(1, 64)}, {r.randint(1, 64)})",
            ]
        return r.choice(choices)()

    def cond(self, names: Sequence[str]) -> str:
        r = self.rng
        a = self.pick(names)
        b = self.pick(names)
        return r.choice((
            f"{a} is None",
            f"{a} is not None",
            f"not {a}",
            f"len({a}) > {r.randint(0, 100)}",
            f"isinstance({a}, {r.choice(('str', 'dict', 'int', 'list', 'float'))})",
            f"{a} in {b}",
            f"{a} and not {b}",
            f"{a} > {r.randint(0, 1000)}",
            f"{a} == {q(r.choice(NOUNS))}",
        ))

    # -- statements -----------------------------------------------------------

    def body(self, target: int, names: list[str], depth: int, in_loop: bool,
             in_method: bool) -> list[str]:
        """Return roughly ``target`` lines of statements (not indented)."""
        r = self.rng
        lines: list[str] = []
        names = list(names)
        while len(lines) < target:
            remaining = target - len(lines)
            roll = r.random()
            if depth < 3 and remaining >= 4 and roll < 0.30:
                lines += self.compound(min(remaining, r.randint(3, 14)), names,
                                       depth, in_loop, in_method)
                continue
            roll = r.random()
            if roll < 0.40:
                new = self.var_name()
                lines.append(f"{new} = {self.expr(names)}")
                names.append(new)
            elif roll < 0.48:
                new = self.var_name()
                hint = r.choice(("Dict[str, int]", "List[str]", "Dict[str, Any]",
                                 "List[float]", "Optional[str]", "int"))
                init = {"Dict[str, int]": "{}", "List[str]": "[]",
                        "Dict[str, Any]": "{}", "List[float]": "[]",
                        "Optional[str]": "None", "int": "0"}[hint]
                lines.append(f"{new}: {hint} = {init}")
                names.append(new)
            elif roll < 0.56 and names:
                lines.append(f"{self.pick(names)} += {r.randint(1, 10)}")
            elif roll < 0.66 and names:
                lines.append(f"{self.pick(names)}.append({self.expr(names)})")
            elif roll < 0.74:
                level = r.choice(LOG_LEVELS)
                a = self.pick(names)
                lines.append(f'logger.{level}("{r.choice(VERBS)} {r.choice(NOUNS)} %s", {a})')
            elif roll < 0.79 and in_method:
                attr = r.choice(NOUNS)
                lines.append(f"self._{attr} = {self.expr(names)}")
            elif roll < 0.84:
                lines.append(f"# {self.sentence(3, 9)}")
            elif roll < 0.88 and names:
                lines.append(f"assert {self.cond(names)}, {q(self.sentence(2, 5))}")
            elif roll < 0.92 and in_loop:
                lines.append(r.choice(("continue", "break")))
                break
            else:
                a, b = self.pick(names), self.pick(names)
                lines.append(f'print(f"{r.choice(NOUNS)}: {{{a}}} / {{{b}}}")')
        if all(line.startswith("#") for line in lines):
            lines.append("pass")
        return lines

    def compound(self, target: int, names: list[str], depth: int, in_loop: bool,
                 in_method: bool) -> list[str]:
        r = self.rng
        inner = max(1, target - 2)
        kind = r.random()
        out: list[str] = []

        def sub(n: int, extra: Sequence[str] = (), loop: bool = in_loop) -> list[str]:
            return ["    " + s for s in self.body(max(1, n), list(names) + list(extra),
                                                  depth + 1, loop, in_method)]

        if kind < 0.30:
            out.append(f"if {self.cond(names)}:")
            out += sub(inner // 2 + 1)
            if r.random() < 0.3:
                out.append(f"elif {self.cond(names)}:")
                out += sub(max(1, inner // 4))
            if r.random() < 0.5:
                out.append("else:")
                out += sub(max(1, inner // 3))
        elif kind < 0.55:
            v = self.var_name()
            src = self.pick(names)
            if r.random() < 0.3:
                out.append(f"for idx, {v} in enumerate({src}):")
                out += sub(inner, (v, "idx"), True)
            elif r.random() < 0.3:
                out.append(f"for key, {v} in {src}.items():")
                out += sub(inner, (v, "key"), True)
            else:
                out.append(f"for {v} in {src}:")
                out += sub(inner, (v,), True)
        elif kind < 0.70:
            exc = r.choice(EXCEPTIONS)
            out.append("try:")
            out += sub(inner // 2 + 1)
            if r.random() < 0.5:
                out.append(f"except ({exc}, {r.choice(EXCEPTIONS)}) as exc:")
            else:
                out.append(f"except {exc} as exc:")
            out.append(f'    logger.warning("{r.choice(VERBS)} failed: %s", exc)')
            if r.random() < 0.4:
                out.append("    raise")
            elif in_loop and r.random() < 0.5:
                out.append("    continue")
            if r.random() < 0.2:
                out.append("finally:")
                out.append(f"    logger.debug({q(r.choice(VERBS) + ' done')})")
        elif kind < 0.82:
            fh = r.choice(("fh", "handle", "stream", "fp"))
            mode = r.choice(("", ", encoding=\"utf-8\"", ", \"rb\""))
            out.append(f"with open({self.pick(names)}{mode}) as {fh}:")
            content = self.var_name()
            out.append(f"    {content} = {fh}.read()")
            out += sub(max(1, inner - 1), (content, fh))
            names.append(content)
        elif kind < 0.90:
            counter = r.choice(("attempt", "retries", "n", "step"))
            out.append(f"{counter} = 0")
            out.append(f"while {counter} < {r.randint(3, 100)}:")
            out.append(f"    {counter} += 1")
            out += sub(max(1, inner - 2), (counter,), True)
        else:
            out.append(f"if {self.cond(names)}:")
            exc = r.choice(EXCEPTIONS)
            a = self.pick(names)
            out.append(f'    raise {exc}(f"invalid {r.choice(NOUNS)}: {{{a}!r}}")')
        return out

    # -- top-level blocks -------------------------------------------------------

    def params(self, n: int) -> tuple[list[str], list[str]]:
        r = self.rng
        names: list[str] = []
        parts: list[str] = []
        defaults = False
        for i in range(n):
            name = self.var_name()
            while name in names:
                name = name + "_arg"
            names.append(name)
            hint = r.choice(TYPE_HINTS)
            if defaults or (i >= n - 2 and r.random() < 0.4):
                defaults = True
                default = {"int": str(r.randint(0, 100)), "str": q(r.choice(NOUNS)),
                           "float": f"{r.random():.2f}", "bool": r.choice(("True", "False"))}
                if hint in default:
                    parts.append(f"{name}: {hint} = {default[hint]}")
                else:
                    parts.append(f"{name}: Optional[{hint}] = None")
                continue
            parts.append(f"{name}: {hint}")
        return names, parts

    def docstring(self, indent: str, args: Sequence[str]) -> list[str]:
        r = self.rng
        out = [f'{indent}"""{self.sentence(4, 10)}']
        if r.random() < 0.6:
            out.append("")
            out.append(f"{indent}{self.sentence(6, 14)}")
            if args and r.random() < 0.7:
                out.append("")
                out.append(f"{indent}Args:")
                for a in args:
                    out.append(f"{indent}    {a}: {self.sentence(2, 6)}")
            if r.random() < 0.5:
                out.append("")
                out.append(f"{indent}Returns:")
                out.append(f"{indent}    {self.sentence(2, 7)}")
            out.append(f'{indent}"""')
        else:
            out[0] += '"""'
        return out

    def function(self, budget: int, indent: str = "", method: bool = False) -> list[str]:
        r = self.rng
        name = self.func_name() if not method else self.unique(
            f"{r.choice(VERBS)}_{r.choice(NOUNS)}")
        nparams = r.randint(0, 4)
        names, parts = self.params(nparams)
        if method:
            parts = ["self"] + parts
        ret = r.choice(TYPE_HINTS + ("None",))
        out: list[str] = []
        if r.random() < 0.08 and not method:
            out.append(f"{indent}@functools.lru_cache(maxsize={r.choice((32, 128, 1024))})")
        sig = f"{indent}def {name}({', '.join(parts)}) -> {ret}:"
        if len(sig) > 88 and parts:
            out.append(f"{indent}def {name}(")
            for p in parts:
                out.append(f"{indent}    {p},")
            out.append(f"{indent}) -> {ret}:")
        else:
            out.append(sig)
        if r.random() < 0.75:
            out += self.docstring(indent + "    ", names)
        if not names:
            seed_name = self.var_name()
            out.append(f"{indent}    {seed_name} = " + r.choice((
                "[]", "{}", "0", f"Path({q(r.choice(NOUNS))})", f"os.environ.get({q(r.choice(NOUNS).upper())}, {q('')})",
                "dict(DEFAULTS) if 'DEFAULTS' in globals() else {}")))
            names = [seed_name]
        body_target = max(2, budget - len(out) - 1)
        body = self.body(body_target, names + (["self._cache"] if method else []), 0,
                         False, method)
        out += [indent + "    " + line for line in body]
        if ret != "None":
            out.append(f"{indent}    return {self.expr(names)}")
        if not method:
            self.functions.append(name)
        return out

    def klass(self, budget: int) -> list[str]:
        r = self.rng
        name = self.class_name()
        base = ""
        if self.classes and r.random() < 0.3:
            base = f"({r.choice(self.classes)})"
        elif r.random() < 0.2:
            base = "(abc.ABC)"
        out = [f"class {name}{base}:"]
        out += self.docstring("    ", ())
        out.append("")
        for _ in range(r.randint(0, 3)):
            attr = r.choice(NOUNS)
            out.append(f"    {attr}_{r.choice(('limit', 'name', 'timeout', 'size'))}: "
                       f"int = {self.literal_for_attr()}")
        if out[-1] != "":
            out.append("")
        names, parts = self.params(r.randint(1, 4))
        out.append(f"    def __init__(self, {', '.join(parts)}) -> None:")
        for n in names:
            out.append(f"        self.{n} = {n}")
        out.append("        self._cache: Dict[str, Any] = {}")
        out.append("")
        if r.random() < 0.5:
            prop = r.choice(NOUNS)
            out.append("    @property")
            out.append(f"    def {prop}_count(self) -> int:")
            out.append(f'        """Number of cached {prop}s."""')
            out.append("        return len(self._cache)")
            out.append("")
        if r.random() < 0.3:
            out.append("    def __repr__(self) -> str:")
            shown = ", ".join(f"{n}={{self.{n}!r}}" for n in names[:2])
            out.append(f'        return f"{name}({shown})"')
            out.append("")
        self.classes.append(name)
        remaining = budget - len(out)
        while remaining > 8:
            m = self.function(min(remaining, r.randint(8, 40)), "    ", method=True)
            # methods can use the instance attributes
            out += m
            out.append("")
            remaining = budget - len(out)
        if r.random() < 0.3:
            out.append("    @classmethod")
            out.append(f"    def from_dict(cls, data: Dict[str, Any]) -> \"{name}\":")
            args = ", ".join(f"data.get({q(n)})" for n in names)
            out.append(f"        return cls({args})")
            out.append("")
        while out and out[-1] == "":
            out.pop()
        return out

    def literal_for_attr(self) -> str:
        return str(self.rng.randint(1, 100))

    def dataclass_block(self, budget: int) -> list[str]:
        r = self.rng
        name = self.unique(camel(r.choice(NOUNS), r.choice(("Config", "Options", "Spec", "Record", "Settings"))))
        out = [f"@dataclass{r.choice(('', '(frozen=True)', ''))}", f"class {name}:"]
        out += self.docstring("    ", ())
        out.append("")
        fields: list[str] = []
        n = r.randint(2, min(10, max(2, budget - 8)))
        for i in range(n):
            fname = r.choice(NOUNS) + r.choice(("", "_name", "_count", "_ratio", "_ids"))
            if fname in fields:
                continue
            fields.append(fname)
            if i < n // 3:
                out.append(f"    {fname}: {r.choice(('str', 'int', 'float', 'Path'))}")
            else:
                kind = r.choice(("int", "float", "str", "list", "dict", "opt", "bool"))
                if kind == "int":
                    out.append(f"    {fname}: int = {r.randint(0, 1000)}")
                elif kind == "float":
                    out.append(f"    {fname}: float = {r.random():.3f}")
                elif kind == "str":
                    out.append(f"    {fname}: str = {q(r.choice(NOUNS))}")
                elif kind == "list":
                    out.append(f"    {fname}: List[str] = field(default_factory=list)")
                elif kind == "dict":
                    out.append(f"    {fname}: Dict[str, Any] = field(default_factory=dict)")
                elif kind == "bool":
                    out.append(f"    {fname}: bool = {r.choice(('True', 'False'))}")
                else:
                    out.append(f"    {fname}: Optional[int] = None")
        if r.random() < 0.6:
            out.append("")
            out.append("    def to_dict(self) -> Dict[str, Any]:")
            out.append("        return {")
            for f in fields:
                out.append(f"            {q(f)}: self.{f},")
            out.append("        }")
        self.classes.append(name)
        return out

    def constants(self) -> list[str]:
        r = self.rng
        out = []
        for _ in range(r.randint(2, 6)):
            cname = f"{r.choice(ADJECTIVES)}_{r.choice(NOUNS)}_{r.choice(('LIMIT', 'NAME', 'TIMEOUT', 'SIZE', 'KEYS'))}".upper()
            kind = r.random()
            if kind < 0.4:
                out.append(f"{cname} = {r.randint(1, 10000)}")
            elif kind < 0.7:
                out.append(f"{cname} = {q(r.choice(NOUNS) + '/' + r.choice(NOUNS))}")
            else:
                items = ", ".join(q(r.choice(NOUNS)) for _ in range(r.randint(2, 6)))
                out.append(f"{cname}: Tuple[str, ...] = ({items},)")
        return out

    # -- torch (no backward) ----------------------------------------------------

    def torch_module(self) -> list[str]:
        r = self.rng
        name = self.unique(camel(r.choice(NOUNS), r.choice(("Encoder", "Head", "Block", "Net", "Model"))))
        hidden = r.choice((64, 128, 256, 512))
        act = r.choice(("torch.relu", "F.gelu", "torch.tanh", "F.silu"))
        out = [
            f"class {name}(nn.Module):",
            f'    """{self.sentence(4, 10)}"""',
            "",
            f"    def __init__(self, in_dim: int, hidden: int = {hidden}, out_dim: int = {r.choice((2, 10, 100))}) -> None:",
            "        super().__init__()",
            "        self.proj = nn.Linear(in_dim, hidden)",
        ]
        nlayers = r.randint(0, 3)
        if nlayers:
            out.append("        self.layers = nn.ModuleList(")
            out.append(f"            [nn.Linear(hidden, hidden) for _ in range({nlayers})]")
            out.append("        )")
        out += [
            f"        self.norm = nn.{r.choice(('LayerNorm', 'BatchNorm1d'))}(hidden)",
            f"        self.dropout = nn.Dropout({r.choice((0.0, 0.1, 0.2, 0.5))})",
            "        self.head = nn.Linear(hidden, out_dim)",
            "",
            "    def forward(self, x: torch.Tensor) -> torch.Tensor:",
            f"        h = {act}(self.norm(self.proj(x)))",
        ]
        if nlayers:
            out.append("        for layer in self.layers:")
            out.append(f"            h = h + {act}(layer(h))")
        out += [
            "        h = self.dropout(h)",
            "        return self.head(h)",
        ]
        self.classes.append(name)
        return out

    def torch_util(self) -> list[str]:
        r = self.rng
        kind = r.randint(0, 3)
        fn = self.func_name()
        if kind == 0:
            return [
                "@torch.no_grad()",
                f"def {fn}(model: nn.Module, inputs: torch.Tensor, batch_size: int = {r.choice((32, 64, 256))}) -> torch.Tensor:",
                f'    """{self.sentence(4, 9)}"""',
                "    model.eval()",
                "    outputs = []",
                "    for start in range(0, inputs.size(0), batch_size):",
                "        chunk = inputs[start : start + batch_size]",
                "        outputs.append(model(chunk).softmax(dim=-1))",
                "    return torch.cat(outputs, dim=0)",
            ]
        if kind == 1:
            return [
                f"def {fn}(model: nn.Module, path: str, strict: bool = True) -> nn.Module:",
                f'    """{self.sentence(4, 9)}"""',
                '    state = torch.load(path, map_location="cpu")',
                '    if "state_dict" in state:',
                '        state = state["state_dict"]',
                "    missing, unexpected = model.load_state_dict(state, strict=strict)",
                "    if missing or unexpected:",
                '        logger.warning("missing=%s unexpected=%s", missing, unexpected)',
                "    return model",
            ]
        if kind == 2:
            return [
                f"def {fn}(batch: List[torch.Tensor], pad_value: float = 0.0) -> torch.Tensor:",
                f'    """{self.sentence(4, 9)}"""',
                "    longest = max(t.size(0) for t in batch)",
                "    out = torch.full((len(batch), longest), pad_value)",
                "    for i, t in enumerate(batch):",
                "        out[i, : t.size(0)] = t",
                "    return out",
            ]
        return [
            f"def {fn}(logits: torch.Tensor, labels: torch.Tensor) -> Dict[str, float]:",
            f'    """{self.sentence(4, 9)}"""',
            "    preds = logits.argmax(dim=-1)",
            "    correct = (preds == labels).sum().item()",
            "    total = labels.numel()",
            '    return {"accuracy": correct / max(total, 1), "count": float(total)}',
        ]


# ---------------------------------------------------------------------------
# Training-loop templates
# ---------------------------------------------------------------------------

BUG_KINDS = ("ok", "missing_zero_grad", "zero_grad_between_backward_and_step",
             "retain_graph_double_backward")
BUG_WEIGHTS = (0.5, 0.2, 0.15, 0.15)

OPTIMIZERS = (
    ("Adam", "lr={lr}"),
    ("AdamW", "lr={lr}, weight_decay=0.01"),
    ("SGD", "lr={lr}, momentum=0.9"),
    ("RMSprop", "lr={lr}"),
)
LOSSES = ("nn.CrossEntropyLoss()", "nn.MSELoss()", "nn.BCEWithLogitsLoss()",
          "nn.SmoothL1Loss()", "nn.L1Loss()")


def training_names(rng: random.Random) -> dict[str, str]:
    return {
        "opt": rng.choice(("optimizer", "opt", "optim", "sgd", "adam_opt")),
        "crit": rng.choice(("criterion", "loss_fn", "objective", "loss_func")),
        "model": rng.choice(("model", "net", "network", "classifier", "regressor")),
        "loader": rng.choice(("loader", "train_loader", "dataloader", "batches")),
        "loss": rng.choice(("loss", "batch_loss", "train_loss", "l")),
        "out": rng.choice(("outputs", "logits", "preds", "scores", "y_hat")),
        "x": rng.choice(("x", "inputs", "features", "xb")),
        "y": rng.choice(("y", "targets", "labels", "yb")),
        "epochs": rng.choice(("epochs", "num_epochs", "n_epochs")),
    }


def zero_grad_call(rng: random.Random, opt: str, model: str) -> str:
    return rng.choice((
        f"{opt}.zero_grad()",
        f"{opt}.zero_grad()",
        f"{opt}.zero_grad(set_to_none=True)",
        f"{model}.zero_grad()",
    ))


def step_lines(rng: random.Random, bug: str, opt: str, model: str, loss: str,
               out: str, amp: bool = False, scaler: str = "scaler") -> list[str]:
    """Lines from zero_grad through optimizer.step according to ``bug``.

    The forward lines are inserted by the caller at the ``<<FORWARD>>`` marker.
    """
    zg = zero_grad_call(rng, opt, model)
    before = bug in ("ok", "retain_graph_double_backward") and rng.random() < 0.7
    lines: list[str] = []
    if before:
        lines.append(zg)
    lines.append("<<FORWARD>>")
    if bug == "retain_graph_double_backward":
        aux = rng.choice(("reg", "aux_loss", "penalty"))
        lam = rng.choice(("1e-4", "0.01", "0.1"))
        lines.append(f"{loss}.backward(retain_graph=True)")
        lines.append(f"{aux} = {lam} * {out}.pow(2).mean()")
        lines.append(f"{aux}.backward()")
    elif amp:
        lines.append(f"{scaler}.scale({loss}).backward()")
    else:
        lines.append(f"{loss}.backward()")
    if bug == "zero_grad_between_backward_and_step":
        lines.append(zg)
    if rng.random() < 0.3:
        if amp:
            lines.append(f"{scaler}.unscale_({opt})")
        lines.append(f"torch.nn.utils.clip_grad_norm_({model}.parameters(), max_norm={rng.choice(('0.5', '1.0', '5.0'))})")
    if amp:
        lines.append(f"{scaler}.step({opt})")
        lines.append(f"{scaler}.update()")
    else:
        lines.append(f"{opt}.step()")
    if bug in ("ok", "retain_graph_double_backward") and not before:
        lines.append(zg)
    return lines


def expand(lines: list[str], forward: list[str], indent: str) -> list[str]:
    out = []
    for line in lines:
        if line == "<<FORWARD>>":
            out += [indent + f for f in forward]
        else:
            out.append(indent + line)
    return out


def optimizer_ctor(rng: random.Random, params: str) -> str:
    cls, kw = rng.choice(OPTIMIZERS)
    lr = rng.choice(("1e-3", "3e-4", "0.01", "0.1", "lr"))
    return f"torch.optim.{cls}({params}, {kw.format(lr=lr)})"


def tpl_function_for(w: ModuleWriter, bug: str) -> list[str]:
    r = w.rng
    n = training_names(r)
    fn = w.unique(r.choice(("train", "train_model", "fit", "run_training", "train_loop")))
    amp = r.random() < 0.2 and bug != "retain_graph_double_backward"
    out = [
        f"def {fn}(",
        f"    {n['model']}: nn.Module,",
        f"    {n['loader']}: DataLoader,",
        f"    {n['epochs']}: int = {r.choice((1, 5, 10, 20, 100))},",
        f"    lr: float = {r.choice(('1e-3', '3e-4', '0.01'))},",
        ") -> List[float]:",
        f'    """{w.sentence(4, 10)}"""',
        f"    {n['opt']} = {optimizer_ctor(r, n['model'] + '.parameters()')}",
        f"    {n['crit']} = {r.choice(LOSSES)}",
    ]
    if amp:
        out.append("    scaler = torch.cuda.amp.GradScaler()")
    out += [
        "    history: List[float] = []",
        f"    {n['model']}.train()",
        f"    for epoch in range({n['epochs']}):",
        "        running = 0.0",
        f"        for {n['x']}, {n['y']} in {n['loader']}:",
    ]
    if amp:
        forward = [
            "with torch.autocast(device_type=\"cuda\"):",
            f"    {n['out']} = {n['model']}({n['x']})",
            f"    {n['loss']} = {n['crit']}({n['out']}, {n['y']})",
        ]
    else:
        forward = [
            f"{n['out']} = {n['model']}({n['x']})",
            f"{n['loss']} = {n['crit']}({n['out']}, {n['y']})",
        ]
    out += expand(step_lines(r, bug, n["opt"], n["model"], n["loss"], n["out"], amp),
                  forward, "            ")
    out += [
        f"            running += {n['loss']}.item()",
        f"        history.append(running / max(len({n['loader']}), 1))",
        '        logger.info("epoch %d: loss=%.4f", epoch, history[-1])',
        "    return history",
    ]
    return out


def tpl_function_while(w: ModuleWriter, bug: str) -> list[str]:
    r = w.rng
    n = training_names(r)
    fn = w.unique(r.choice(("train_steps", "run_steps", "optimize", "train_for_steps")))
    out = [
        (f"def {fn}({n['model']}: nn.Module, {n['opt']}: torch.optim.Optimizer, "
         f"{n['loader']}: Iterable[Any], max_steps: int = {r.choice((100, 1000, 5000))}) -> int:"),
        f'    """{w.sentence(4, 10)}"""',
        "    step = 0",
        f"    data_iter = iter({n['loader']})",
        "    while step < max_steps:",
        "        try:",
        "            batch = next(data_iter)",
        "        except StopIteration:",
        f"            data_iter = iter({n['loader']})",
        "            batch = next(data_iter)",
        f"        {n['x']}, {n['y']} = batch",
    ]
    loss_expr = r.choice((f"F.mse_loss({n['out']}, {n['y']})",
                          f"F.cross_entropy({n['out']}, {n['y']})",
                          f"({n['out']} - {n['y']}).abs().mean()"))
    forward = [f"{n['out']} = {n['model']}({n['x']})", f"{n['loss']} = {loss_expr}"]
    out += expand(step_lines(r, bug, n["opt"], n["model"], n["loss"], n["out"]),
                  forward, "        ")
    out += [
        "        step += 1",
        f"        if step % {r.choice((10, 50, 100))} == 0:",
        f'            print(f"step {{step}}: loss={{{n["loss"]}.item():.4f}}")',
        "    return step",
    ]
    return out


def tpl_trainer_class(w: ModuleWriter, bug: str) -> list[str]:
    r = w.rng
    cls = w.unique(r.choice(("Trainer", "ModelTrainer", "Learner", "TrainingLoop", "Fitter")))
    opt = r.choice(("optimizer", "opt", "optim"))
    loss_fn = r.choice(("loss_fn", "criterion"))
    zg = zero_grad_call(r, f"self.{opt}", "self.model")
    amp = r.random() < 0.2 and bug != "retain_graph_double_backward"
    out = [
        f"class {cls}:",
        f'    """{w.sentence(4, 10)}"""',
        "",
        '    def __init__(self, model: nn.Module, lr: float = 1e-3, device: str = "cpu") -> None:',
        "        self.model = model.to(device)",
        "        self.device = device",
        f"        self.{opt} = {optimizer_ctor(r, 'self.model.parameters()')}",
        f"        self.{loss_fn} = {r.choice(LOSSES)}",
        f"        self.scheduler = torch.optim.lr_scheduler.StepLR(self.{opt}, step_size={r.choice((5, 10, 30))})",
    ]
    if amp:
        out.append("        self.scaler = torch.cuda.amp.GradScaler()")
    out += [
        "        self.history: Dict[str, List[float]] = {\"train\": [], \"val\": []}",
        "",
        "    def train_epoch(self, loader: Iterable[Tuple[torch.Tensor, torch.Tensor]]) -> float:",
        "        self.model.train()",
        "        total = 0.0",
        "        count = 0",
        "        for inputs, labels in loader:",
        "            inputs = inputs.to(self.device)",
        "            labels = labels.to(self.device)",
    ]
    forward = ["logits = self.model(inputs)", f"loss = self.{loss_fn}(logits, labels)"]
    lines = step_lines(r, bug, f"self.{opt}", "self.model", "loss", "logits", amp,
                       "self.scaler")
    del zg
    out += expand(lines, forward, "            ")
    out += [
        "            total += loss.item()",
        "            count += 1",
        "        self.scheduler.step()",
        "        return total / max(count, 1)",
        "",
        "    @torch.no_grad()",
        "    def evaluate(self, loader: Iterable[Tuple[torch.Tensor, torch.Tensor]]) -> float:",
        "        self.model.eval()",
        "        losses = []",
        "        for inputs, labels in loader:",
        "            logits = self.model(inputs.to(self.device))",
        f"            losses.append(self.{loss_fn}(logits, labels.to(self.device)).item())",
        "        return sum(losses) / max(len(losses), 1)",
        "",
        f"    def fit(self, train_loader: Any, val_loader: Any, epochs: int = {r.choice((3, 10, 50))}) -> Dict[str, List[float]]:",
        "        for epoch in range(epochs):",
        '            self.history["train"].append(self.train_epoch(train_loader))',
        '            self.history["val"].append(self.evaluate(val_loader))',
        '            logger.info("epoch %d train=%.4f val=%.4f", epoch,',
        '                        self.history["train"][-1], self.history["val"][-1])',
        "        return self.history",
    ]
    return out


def tpl_accumulation(w: ModuleWriter, bug: str) -> list[str]:
    r = w.rng
    n = training_names(r)
    fn = w.unique(r.choice(("train_with_accumulation", "accumulate_and_step", "train_accum")))
    zg = zero_grad_call(r, n["opt"], n["model"])
    out = [
        f"def {fn}({n['model']}: nn.Module, {n['loader']}: DataLoader, {n['opt']}: torch.optim.Optimizer,",
        f"        {n['crit']}: nn.Module, accum_steps: int = {r.choice((2, 4, 8))}) -> None:",
        f'    """{w.sentence(4, 10)}"""',
        f"    {n['model']}.train()",
    ]
    if bug != "missing_zero_grad":
        out.append(f"    {zg}")
    out += [
        f"    for i, ({n['x']}, {n['y']}) in enumerate({n['loader']}):",
        f"        {n['out']} = {n['model']}({n['x']})",
        f"        {n['loss']} = {n['crit']}({n['out']}, {n['y']}) / accum_steps",
    ]
    if bug == "retain_graph_double_backward":
        out += [
            f"        {n['loss']}.backward(retain_graph=True)",
            f"        ({n['out']}.norm() * 1e-4).backward()",
        ]
    else:
        out.append(f"        {n['loss']}.backward()")
    out.append("        if (i + 1) % accum_steps == 0:")
    if bug == "zero_grad_between_backward_and_step":
        out.append(f"            {zg}")
        out.append(f"            {n['opt']}.step()")
    elif bug == "missing_zero_grad":
        out.append(f"            {n['opt']}.step()")
    else:
        out.append(f"            {n['opt']}.step()")
        out.append(f"            {zg}")
    return out


def tpl_gan(w: ModuleWriter, bug: str) -> list[str]:
    r = w.rng
    fn = w.unique(r.choice(("train_gan", "adversarial_training", "train_generator_discriminator")))
    gen, disc = r.choice((("generator", "discriminator"), ("netG", "netD"), ("gen", "critic")))
    out = [
        f"def {fn}({gen}: nn.Module, {disc}: nn.Module, loader: DataLoader, epochs: int = {r.choice((5, 25, 100))},",
        f"        latent_dim: int = {r.choice((64, 100, 128))}) -> None:",
        f'    """{w.sentence(4, 10)}"""',
        f"    opt_g = torch.optim.Adam({gen}.parameters(), lr=2e-4, betas=(0.5, 0.999))",
        f"    opt_d = torch.optim.Adam({disc}.parameters(), lr=2e-4, betas=(0.5, 0.999))",
        "    bce = nn.BCEWithLogitsLoss()",
        "    for epoch in range(epochs):",
        "        for real, _ in loader:",
        "            noise = torch.randn(real.size(0), latent_dim)",
        f"            fake = {gen}(noise)",
        "            ones = torch.ones(real.size(0), 1)",
        "            zeros = torch.zeros(real.size(0), 1)",
        "            opt_d.zero_grad()",
        f"            d_loss = bce({disc}(real), ones) + bce({disc}(fake.detach()), zeros)",
        "            d_loss.backward()",
        "            opt_d.step()",
    ]
    if bug == "missing_zero_grad":
        out += [f"            g_loss = bce({disc}(fake), ones)", "            g_loss.backward()",
                "            opt_g.step()"]
    elif bug == "zero_grad_between_backward_and_step":
        out += [f"            g_loss = bce({disc}(fake), ones)", "            g_loss.backward()",
                "            opt_g.zero_grad()", "            opt_g.step()"]
    elif bug == "retain_graph_double_backward":
        out += ["            opt_g.zero_grad()", f"            g_loss = bce({disc}(fake), ones)",
                "            g_loss.backward(retain_graph=True)",
                "            (1e-3 * fake.pow(2).mean()).backward()", "            opt_g.step()"]
    else:
        out += ["            opt_g.zero_grad()", f"            g_loss = bce({disc}(fake), ones)",
                "            g_loss.backward()", "            opt_g.step()"]
    out.append('        logger.info("epoch %d d=%.3f g=%.3f", epoch, d_loss.item(), g_loss.item())')
    return out


def tpl_validation_pair(w: ModuleWriter, bug: str) -> list[str]:
    """A train_one_epoch function plus a no_grad validate function."""
    r = w.rng
    n = training_names(r)
    out = [
        f"def train_one_epoch({n['model']}, {n['loader']}, {n['opt']}, {n['crit']}, device=\"cpu\"):",
        f'    """{w.sentence(4, 10)}"""',
        f"    {n['model']}.train()",
        "    seen = 0",
        f"    for batch_idx, ({n['x']}, {n['y']}) in enumerate({n['loader']}):",
        f"        {n['x']}, {n['y']} = {n['x']}.to(device), {n['y']}.to(device)",
    ]
    forward = [f"{n['out']} = {n['model']}({n['x']})",
               f"{n['loss']} = {n['crit']}({n['out']}, {n['y']})"]
    out += expand(step_lines(r, bug, n["opt"], n["model"], n["loss"], n["out"]), forward,
                  "        ")
    out += [
        f"        seen += {n['x']}.size(0)",
        f"        if batch_idx % {r.choice((10, 20, 100))} == 0:",
        f'            logger.info("batch %d seen %d loss %.4f", batch_idx, seen, {n["loss"]}.item())',
        "    return seen",
        "",
        "",
        f"def validate({n['model']}, loader, {n['crit']}):",
        f"    {n['model']}.eval()",
        "    total, correct = 0.0, 0",
        "    with torch.no_grad():",
        "        for inputs, targets in loader:",
        f"            outputs = {n['model']}(inputs)",
        f"            total += {n['crit']}(outputs, targets).item()",
        "            correct += (outputs.argmax(1) == targets).sum().item()",
        "    return total, correct",
    ]
    return out


TEMPLATES: tuple[tuple[str, Callable[[ModuleWriter, str], list[str]]], ...] = (
    ("function_for", tpl_function_for),
    ("function_while", tpl_function_while),
    ("trainer_class", tpl_trainer_class),
    ("accumulation", tpl_accumulation),
    ("gan", tpl_gan),
    ("train_validate", tpl_validation_pair),
)


# ---------------------------------------------------------------------------
# Module assembly
# ---------------------------------------------------------------------------


def target_lines(rng: random.Random) -> int:
    # log-normal with median MEDIAN_LINES, clipped to [MIN_LINES, MAX_LINES]
    value = int(rng.lognormvariate(math.log(MEDIAN_LINES), 0.6))
    return max(MIN_LINES, min(MAX_LINES, value))


def make_module(seed: int, index: int, training_share: float,
                torch_share: float) -> tuple[str, dict[str, object]]:
    rng = random.Random(f"gradfix-corpus:{seed}:{index}")
    roll = rng.random()
    training = roll < training_share
    use_torch = training or roll < training_share + torch_share
    use_numpy = rng.random() < (0.5 if use_torch else 0.15)
    w = ModuleWriter(rng, use_numpy, use_torch)
    target = target_lines(rng)
    info: dict[str, object] = {"training": training, "torch": use_torch}

    lines: list[str] = []
    lines += w.docstring("", ())
    lines.append("")
    # abc and functools may be used by generated classes/decorators
    lines += ["import abc", "import functools", "import json", "import logging", "import os"]
    lines.append("from dataclasses import dataclass, field")
    lines.append("from pathlib import Path")
    lines.append("from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple")
    lines.append("")
    if use_numpy:
        lines.append("import numpy as np")
    if use_torch:
        lines.append("import torch")
        lines.append("import torch.nn as nn")
        lines.append("import torch.nn.functional as F")
        if training:
            lines.append("from torch.utils.data import DataLoader")
    if lines[-1] != "":
        lines.append("")
    lines.append("logger = logging.getLogger(__name__)")
    lines.append("")

    blocks: list[list[str]] = []
    if rng.random() < 0.6:
        blocks.append(w.constants())
    training_block: list[str] | None = None
    if training:
        name, tpl = rng.choice(TEMPLATES)
        bug = rng.choices(BUG_KINDS, BUG_WEIGHTS)[0]
        training_block = tpl(w, bug)
        info["template"] = name
        info["bug"] = bug
    used = len(lines) + sum(len(b) + 2 for b in blocks)
    if training_block is not None:
        used += len(training_block) + 2
    torch_blocks_done = 0
    while target - used > 6:
        remaining = target - used
        roll = rng.random()
        if use_torch and torch_blocks_done < 3 and roll < 0.25:
            block = w.torch_module() if rng.random() < 0.5 else w.torch_util()
            torch_blocks_done += 1
        elif roll < 0.55 and remaining > 20:
            block = w.klass(min(remaining - 2, rng.randint(20, 160)))
        elif roll < 0.65 and remaining > 12:
            block = w.dataclass_block(min(remaining - 2, 25))
        elif roll < 0.70:
            block = w.constants()
        else:
            block = w.function(min(remaining - 2, rng.randint(6, 60)))
        blocks.append(block)
        used += len(block) + 2
    if training_block is not None:
        blocks.insert(rng.randint(len(blocks) // 2, len(blocks)), training_block)
    if w.functions and rng.random() < 0.3:
        blocks.append(['if __name__ == "__main__":', f"    {w.functions[-1]}()"])

    def assemble() -> str:
        out = list(lines)
        for block in blocks:
            out += ["", ""] if out[-1] != "" else [""]
            out += block
        return "\n".join(out).rstrip() + "\n"

    text = assemble()
    # Keep every module within [MIN_LINES, MAX_LINES].
    while text.count("\n") > MAX_LINES and len(blocks) > 1:
        victim = max((b for b in blocks if b is not training_block), key=len)
        blocks.remove(victim)
        text = assemble()
    while text.count("\n") < MIN_LINES:
        blocks.append(w.function(rng.randint(8, 20)))
        text = assemble()
    info["lines"] = text.count("\n")
    return text, info


def module_path(index: int) -> Path:
    folder = index // FILES_PER_FOLDER
    pkg = folder // SUBFOLDERS_PER_PACKAGE
    sub = folder % SUBFOLDERS_PER_PACKAGE
    pos = index % FILES_PER_FOLDER
    if pos == 0:
        name = "__init__.py"
    else:
        rng = random.Random(index)
        name = f"{rng.choice(NOUNS)}_{rng.choice(('utils', 'models', 'service', 'io', 'core', 'api', 'tasks', 'views', 'helpers', 'schema'))}_{pos:02d}.py"
    return Path("project") / f"pkg_{pkg:03d}" / f"sub_{sub:02d}" / name


def generate(out: Path, files: int, seed: int = 1, training_share: float = 0.05,
             torch_share: float = 0.25, verify: bool = True, quiet: bool = False) -> dict[str, object]:
    """Write ``files`` modules under ``out`` and return the manifest."""
    t0 = time.perf_counter()
    out = Path(out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    line_counts: list[int] = []
    total_bytes = 0
    training = 0
    torch_files = 0
    bugs: dict[str, int] = {}
    templates: dict[str, int] = {}
    made_dirs: set = set()
    for i in range(files):
        text, info = make_module(seed, i, training_share, torch_share)
        rel = module_path(i)
        if verify:
            compile(text, str(rel), "exec", dont_inherit=True)
        parent = out / rel.parent
        if parent not in made_dirs:
            parent.mkdir(parents=True, exist_ok=True)
            made_dirs.add(parent)
        data = text.encode("utf-8")
        (out / rel).write_bytes(data)
        total_bytes += len(data)
        line_counts.append(int(info["lines"]))  # type: ignore[arg-type]
        if info["training"]:
            training += 1
            bugs[str(info["bug"])] = bugs.get(str(info["bug"]), 0) + 1
            templates[str(info["template"])] = templates.get(str(info["template"]), 0) + 1
        if info["torch"]:
            torch_files += 1
        if not quiet and (i + 1) % 5000 == 0:
            print(f"  generated {i + 1}/{files} files", file=sys.stderr)
    manifest: dict[str, object] = {
        "generator_version": GENERATOR_VERSION,
        "seed": seed,
        "files": files,
        "training_share": training_share,
        "torch_share": torch_share,
        "folders": len(made_dirs),
        "total_lines": sum(line_counts),
        "total_bytes": total_bytes,
        "lines_min": min(line_counts) if line_counts else 0,
        "lines_median": statistics.median(line_counts) if line_counts else 0,
        "lines_mean": round(statistics.mean(line_counts), 1) if line_counts else 0,
        "lines_max": max(line_counts) if line_counts else 0,
        "training_files": training,
        "training_bugs": dict(sorted(bugs.items())),
        "training_templates": dict(sorted(templates.items())),
        "torch_files": torch_files,
        "verified": verify,
        "seconds": round(time.perf_counter() - t0, 2),
    }
    (out / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def check_tree(root: Path) -> dict[str, object]:
    """compile() every .py file below ``root``; report counts and failures."""
    ok = 0
    failures: list[str] = []
    lines = 0
    backward = 0
    torch_mentions = 0
    for dirpath, _dirs, names in os.walk(root):
        for name in names:
            if not name.endswith(".py"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            try:
                compile(text, path, "exec", dont_inherit=True)
            except SyntaxError as exc:
                failures.append(f"{path}: {exc}")
                continue
            ok += 1
            lines += text.count("\n")
            backward += ".backward(" in text
            torch_mentions += "torch" in text
    return {"files_ok": ok, "failures": failures, "total_lines": lines,
            "files_with_backward": backward, "files_mentioning_torch": torch_mentions}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--files", type=int, default=5000, help="number of modules (default 5000)")
    p.add_argument("--out", type=Path, help="output directory (wiped first)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--training-share", type=float, default=0.05,
                   help="share of modules with a training loop (default 0.05)")
    p.add_argument("--torch-share", type=float, default=0.25,
                   help="share of other modules that use torch without backward (default 0.25)")
    p.add_argument("--no-verify", action="store_true", help="skip compile() of each file")
    p.add_argument("--check", type=Path, metavar="DIR",
                   help="only compile() every .py file in DIR and report")
    args = p.parse_args(argv)
    if args.check:
        report = check_tree(args.check)
        print(json.dumps({k: v for k, v in report.items() if k != "failures"}, indent=2))
        for f in report["failures"][:20]:  # type: ignore[index]
            print("FAIL", f)
        return 1 if report["failures"] else 0
    if not args.out:
        p.error("--out is required unless --check is given")
    manifest = generate(args.out, args.files, args.seed, args.training_share,
                        args.torch_share, verify=not args.no_verify)
    print(json.dumps(manifest, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
