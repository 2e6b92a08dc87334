"""gradfix's module-level regular expressions are compiled when first used (gradfix.patterns):
they must answer exactly as `re.compile` would, be valid (an invalid one would now fail at its
first use, not at import), and stay uncompiled in a run that does not use them."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gradfix
from gradfix.patterns import LazyPattern, calls, lazily, on_lines, starting_at


@pytest.mark.parametrize(
    ("pattern", "flags", "subject"),
    [
        (r"(\w+)\.step\(", 0, "opt.step(); sched.step()"),
        (r"^\s*#.*$", re.M, "x = 1\n  # note\ny = 2\n"),
        (r"STEP", re.I, "a step, a Step"),
        (rb"^[ \t]*(?:from|import)[^\n]*", re.M, b"import torch\nx = 1\n  from a import b\n"),
    ],
)
def test_a_lazy_pattern_answers_as_the_compiled_one(pattern, flags, subject) -> None:  # type: ignore[no-untyped-def]
    compiled = re.compile(pattern, flags)
    for method, args in [
        ("search", (subject,)),
        ("search", (subject, 3)),
        ("search", (subject, 1, 12)),
        ("match", (subject,)),
        ("fullmatch", (subject,)),
        ("findall", (subject,)),
        ("split", (subject,)),
        ("sub", (subject[:1], subject)),
        ("subn", (subject[:1], subject)),
    ]:
        lazy = lazily(pattern, flags)  # a fresh one: each method may be the first used
        got, expected = getattr(lazy, method)(*args), getattr(compiled, method)(*args)
        if isinstance(expected, re.Match):
            assert got is not None and (got.span(), got.groups()) == (expected.span(), expected.groups())
        else:
            assert got == expected, method
    lazy = lazily(pattern, flags)
    assert [m.span() for m in lazy.finditer(subject)] == [m.span() for m in compiled.finditer(subject)]


def test_after_its_first_use_a_pattern_calls_the_compiled_methods_directly() -> None:
    lazy = lazily(r"b+")
    assert "search" not in vars(lazy)  # nothing compiled yet
    assert lazy.search("abbb").span() == (1, 4)  # type: ignore[union-attr]
    for name in ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split"):
        bound = vars(lazy)[name]  # the compiled pattern's own method, found before the class's
        assert isinstance(bound.__self__, re.Pattern) and bound.__self__.pattern == "b+"
    assert lazy.findall("ab bb") == ["b", "bb"]


def _lazy_patterns() -> list[tuple[str, str, LazyPattern]]:
    """Every module's (its folders need not be packages with an `__init__.py`)."""
    root = Path(gradfix.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name.endswith("__main__"):
            continue
        for attribute, value in vars(importlib.import_module(name)).items():
            if isinstance(value, LazyPattern):
                found.append((name, attribute, value))
    return found


def test_every_module_level_pattern_of_gradfix_is_valid() -> None:
    patterns = _lazy_patterns()
    assert len(patterns) >= 50, "the module-level patterns are no longer lazy: this test would prove nothing"
    for module, name, pattern in patterns:
        try:
            re.compile(pattern.pattern, pattern.flags)
        except re.error as error:  # pragma: no cover - the failure is the message
            pytest.fail(f"{module}.{name}: {error}")


def test_module_level_patterns_are_lazy_in_the_source() -> None:
    """A new `NAME = re.compile(...)` at module level would be compiled at every start again."""
    root = Path(gradfix.__file__).parent
    eager = [
        f"{path.relative_to(root)}:{number}"
        for path in root.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.match(r"_?[A-Z][A-Z_0-9]* = re\.compile\(", line)
    ]
    assert not eager, eager


PROBE = """
import json, sys
from gradfix.cli import main
from gradfix.patterns import LazyPattern
try:
    main(sys.argv[1:])
except SystemExit:
    pass
compiled = sorted(
    f"{module.__name__}.{name}"
    for module in list(sys.modules.values())
    if getattr(module, "__name__", "").startswith("gradfix")
    for name, value in vars(module).items()
    if isinstance(value, LazyPattern) and "search" in vars(value)
)
sys.__stderr__.write(json.dumps(compiled))
"""


def test_a_run_compiles_only_the_patterns_it_uses(tmp_path: Path) -> None:
    (tmp_path / "util.py").write_text("def f(x):\n    return x + 1\n")
    (tmp_path / "train.py").write_text(
        "import torch\n\nfor x, y in loader:\n    loss = model(x).sum()\n    loss.backward()\n    optimizer.step()\n"
    )

    def compiled(*args: str) -> list[str]:
        done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=tmp_path, capture_output=True, timeout=120)
        return json.loads(done.stderr.decode().splitlines()[-1])  # type: ignore[no-any-return]

    assert compiled("--no-cache", "util.py") == []  # a file without gradient code: none
    some = compiled("--no-cache", "train.py")
    assert some, "a training loop is analysed with some of them"
    assert len(some) < len(_lazy_patterns()) // 2, some


_SUBJECTS = [
    "",
    "x = []\nself.hist: list = []  # kept\n  y=[]\nz = [] + a\n",
    "for epoch in range(3):\n    pass\nwhile EPOCH < n: # epoch\nepochs = 3\r\nfor i in range(epochs):\n",
    "clip = nn.utils.clip_grad_norm_\nclip_grad_norm_(p, 1)\nc = torch.nn.utils.clip_grad_value_  # bound\r\n",
    "opt.step()\nself.step (x)\nmy_step(1)\nstep(\nstep\n(2)\nfoo.step()\n",
]


@pytest.mark.parametrize("subject", _SUBJECTS)
def test_the_literal_first_searches_answer_as_their_patterns(subject: str) -> None:
    """`on_lines`, `starting_at` and `calls` find what the patterns they stand for find over the
    whole text, only trying them where their literal is."""
    emptied = re.compile(r"^[ \t]*((?:self\.)?[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*\[[ \t]*\][ \t]*(?:#.*)?\r?$", re.M)
    assert [m.group(1) for m in on_lines(emptied, subject, "[]")] == [m.group(1) for m in emptied.finditer(subject)]
    epoch = re.compile(rb"(?mi)^[ \t]*(?:for|while)\b[^\n#]*epoch")
    data = subject.encode()
    assert [m.span() for m in on_lines(epoch, data, b"epoch", data.lower())] == [m.span() for m in epoch.finditer(data)]
    bound = re.compile(r"=[ \t]*[\w.]*clip_grad_\w*[ \t]*(?:#.*)?\r?$", re.M)
    assert [m.span() for m in on_lines(bound, subject, "clip_grad")] == [m.span() for m in bound.finditer(subject)]
    call = re.compile(r"(?<![\w.])step\s*\(")
    assert [m.span() for m in starting_at(call, subject, "step")] == [m.span() for m in call.finditer(subject)]
    assert calls(subject, "step") == (call.search(subject) is not None)


# patterns compiled with the package (gradfix/_compiled_patterns.py) --------------------------


def _table_script():  # type: ignore[no-untyped-def]
    from conftest import load_script

    return load_script("pattern_table.py")


def test_the_compiled_pattern_table_is_current() -> None:
    from gradfix import _compiled_patterns as made
    from gradfix.patterns import interpreter, table_module

    if made.INTERPRETER != interpreter():
        pytest.skip(f"the table was made with {made.INTERPRETER}; this is {interpreter()}")
    script = _table_script()
    patterns = script.module_patterns()
    assert len(patterns) > 100
    assert script.TARGET.read_text(encoding="utf-8") == table_module(patterns), (
        "stale: run `python scripts/pattern_table.py --update`"
    )


def test_a_pattern_of_the_table_is_the_one_re_compile_makes() -> None:
    """Built from the stored engine call, a pattern is equal to `re.compile`'s (same flags,
    pattern and engine code) and answers alike; one not stored is compiled; on another
    interpreter the table is not used at all."""
    import gradfix.patterns as patterns
    from gradfix import _compiled_patterns as made

    if made.INTERPRETER != patterns.interpreter():
        assert patterns._table() == {}
        return
    assert patterns._table() is made.CALLS and len(made.CALLS) > 100
    for (pattern, flags), call in made.CALLS.items():
        lazy = lazily(pattern, flags)
        built = lazy.compiled()
        assert built == re.compile(pattern, flags) and built.groupindex == re.compile(pattern, flags).groupindex
        assert call[0] is pattern or call[0] == pattern
    assert ("z+(?P<q>y)", 0) not in made.CALLS
    assert lazily("z+(?P<q>y)").search("azzy").group("q") == "y"  # type: ignore[union-attr]
    from gradfix.analysis.accumulators import _LOSS_CALL

    assert (_LOSS_CALL.pattern, _LOSS_CALL.flags) in made.CALLS
    assert _LOSS_CALL.search("Criterion_ce") and not _LOSS_CALL.search("lossy")


def test_alias_candidates_are_the_lines_a_line_start_pattern_finds() -> None:
    """`_alias_candidates` searches for its pattern from the newline before each line (in "\\n"
    + text): it finds what the same pattern anchored at line starts (`(?m)^`) finds, over
    gradfix's own modules, 400 of the before/after fixtures and a few edge shapes."""
    from gradfix.analysis.loops import _alias_candidates

    anchored = re.compile(r"^[ \t]*[A-Za-z_]\w*[ \t]*=[ \t]*(?:[\w.]+\([ \t]*)?([A-Za-z_]\w*)[ \t]*(?:[,)#\r]|$)", re.M)
    texts = [
        "step = train_step",
        "def f():\n    step = partial(train_step, m=1)\n\n\tfast = torch.compile(step)  # x\nx = y = z\n",
        "a = b\r\nc = d\r\n",
        "\n\n  s = t,\n",
    ]
    root = Path(gradfix.__file__).parent
    texts += [path.read_text(encoding="utf-8") for path in sorted(root.rglob("*.py"))]
    fixtures = Path(__file__).parent / "before_after"
    texts += [path.read_text(encoding="utf-8", errors="replace") for path in sorted(fixtures.rglob("*.py"))[:400]]
    found = 0
    for text in texts:
        expected = {m.group(1) for m in anchored.finditer(text)}
        assert _alias_candidates(text) == expected
        found += len(expected)
    assert found > 1000


def test_searches_tried_only_at_their_literal_answer_as_whole_text_searches() -> None:
    """`_says_stand_in` (tried at each `zero_grad`, and at the quote before it), the `on_lines`
    search for a `def zero_grad(self)` and `_calls_a_base_method` (tried at each `super(`) say
    what a search of their patterns over the whole text says: over gradfix's own modules, the
    before/after fixtures and texts put together from the shapes each pattern reads."""
    import random

    from gradfix.analysis.clear_signature import _OTHER_CLEAR, _STAND_IN_TEXT, _says_stand_in
    from gradfix.project import _SUPER_METHOD_CALL, _calls_a_base_method

    root = Path(gradfix.__file__).parent
    texts = [path.read_text(encoding="utf-8") for path in sorted(root.rglob("*.py"))]
    fixtures = Path(__file__).parent / "before_after"
    texts += [path.read_text(encoding="utf-8", errors="replace") for path in sorted(fixtures.rglob("*.py"))]
    pieces = [
        "zero_grad", "'zero_grad'", '"zero_grad"', "zero_grad =", "zero_grad==", "zero_grad\n=", "x.zero_grad = f",
        "setattr(o, 'zero_grad', f)", "super()", "super(A, self)", "super().update(b)", "super() . step (",
        ".__init__(", ".forward(", "def zero_grad(self)", "def zero_grad(self, set_to_none=False)",
        "  def zero_grad (self , set_to_none : bool = False , )", "\n", "\r\n", " ", "\t", "=", "(", ")", "x", "_", "é",
    ]
    generator = random.Random(56)
    texts += ["".join(generator.choice(pieces) for _ in range(generator.randint(1, 12))) for _ in range(5000)]
    said = {"stand-in": 0, "other clear": 0, "base method": 0}
    for text in texts:
        expected = _STAND_IN_TEXT.search(text) is not None
        assert _says_stand_in(text) == expected, text
        said["stand-in"] += expected
        data = text.encode("utf-8")
        if b"zero_grad" in data:
            expected = _OTHER_CLEAR.search(data) is not None
            assert (next(on_lines(_OTHER_CLEAR, data, b"zero_grad"), None) is not None) == expected, text
            said["other clear"] += expected
        expected = _SUPER_METHOD_CALL.search(data) is not None
        assert _calls_a_base_method(data) == expected, text
        said["base method"] += expected
    assert all(count > 50 for count in said.values()), said


def _shapes_and_names() -> tuple[list[str], list[str]]:
    """Texts for the per-name oracles below: gradfix's own modules, the before/after fixtures and
    texts put together at random from definitions, assignments, calls, comments and strings of
    a few names (prefixes and suffixes of each other, one with regex metacharacters)."""
    import random

    root = Path(gradfix.__file__).parent
    texts = [path.read_text(encoding="utf-8") for path in sorted(root.rglob("*.py"))]
    fixtures = Path(__file__).parent / "before_after"
    texts += [path.read_text(encoding="utf-8", errors="replace") for path in sorted(fixtures.rglob("*.py"))]
    names = ["step", "train_step", "step2", "Net", "NetBase", "é_net", "a.b", "x+(", "lr", "s", "class", "def"]
    pieces = [
        *names, "self.", "self .", "myself.", "_self.", ".", " ", "  ", "\t", "\n", "\r\n", "=", "==", "!=", ":", ": int",
        ": dict[str, int] ", "(", ")", "(x)", "# ", "'", '"', "def ", "class ", "async ", "async\tdef ", "def\t",
        "    ", "x", "_", "é", "1", "\\", "[", "]", *(f"self.{name} = " for name in names), *(f"def {name}(" for name in names),
        *(f"\nclass {name}:" for name in names), *(f"{name}(" for name in names),
    ]
    generator = random.Random(67)
    texts += ["".join(generator.choice(pieces) for _ in range(generator.randint(1, 14))) for _ in range(6000)]
    return texts, names


def test_searches_around_a_name_answer_as_the_pattern_made_for_it() -> None:
    """`around` with a name between two fixed patterns (`overriding`'s `self.<name> = ...`,
    `_never_built`'s `<Class>(`) and `_defined_at` (`_says_backward_in`'s `def|class <name>`)
    find what the pattern compiled for that name finds (the old code, kept here as the oracle),
    at the same places."""
    from gradfix.analysis.loops import _ASSIGNED_AFTER, _CALLED_AFTER, _NOT_AFTER_NAME, _WORD_START
    from gradfix.patterns import around
    from gradfix.project import _defined_at

    texts, names = _shapes_and_names()
    found = {"assigned": 0, "called": 0, "defined": 0}
    for text in texts:
        data = text.encode("utf-8")
        for name in names:
            literal = f"self.{name}"
            oracle = re.compile(rf"\bself\.{re.escape(name)}\s*(?::[^=\n]*)?=(?!=)")
            expected = [m.span() for m in starting_at(oracle, text, literal)]
            assert list(around(text, literal, _WORD_START, _ASSIGNED_AFTER)) == expected, (text, name)
            found["assigned"] += len(expected)
            oracle = re.compile(rf"(?<![\w.]){re.escape(name)}\s*\(")
            expected = [m.span() for m in starting_at(oracle, text, name)]
            assert expected == [m.span() for m in oracle.finditer(text)]
            assert list(around(text, name, _NOT_AFTER_NAME, _CALLED_AFTER)) == expected, (text, name)
            found["called"] += len(expected)
            encoded = name.encode("utf-8")
            match = re.search(rb"^(?:async[ \t]+)?(?:def|class)[ \t]+" + re.escape(encoded) + rb"\b", data, re.M)
            assert _defined_at(data, encoded) == (-1 if match is None else match.end()), (text, name)
            found["defined"] += match is not None
    for name in ("", " step", "\tx"):  # the regex's own answer (its longest `[ \t]+`)
        for data in (b"def  step():\n", b"class\t\tx:\n", b"x = 1\n", b""):
            match = re.search(rb"^(?:async[ \t]+)?(?:def|class)[ \t]+" + re.escape(name.encode()) + rb"\b", data, re.M)
            assert _defined_at(data, name.encode()) == (-1 if match is None else match.end())
    assert min(found.values()) > 1000, found


_MADE_AT_IMPORT = """
import json, sys
sys.path.insert(0, sys.argv[1])
import gradfix.patterns as patterns
made = []
init = patterns.LazyPattern.__init__
def recording(self, pattern, flags=0):
    caller = sys._getframe(2)  # LazyPattern(...) is made by `lazily`, called at the pattern's line
    made.append([caller.f_code.co_filename, caller.f_lineno, repr(pattern), flags])
    init(self, pattern, flags)
patterns.LazyPattern.__init__ = recording
from pattern_table import module_patterns
stored = {(repr(pattern), flags) for pattern, flags in module_patterns()}
sys.__stderr__.write(json.dumps([row + [(row[2], row[3]) in stored] for row in made]))
"""


def test_every_lazily_call_of_the_package_is_in_the_compiled_table() -> None:
    """Each `lazily(...)` call written in gradfix runs when its module is imported and makes a
    pattern `scripts/pattern_table.py` stores (one written in a function, or in a shape the
    script does not read, such as a tuple of pairs, would be compiled at every run)."""
    import ast

    root = Path(gradfix.__file__).parent
    sites = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "patterns.py" and path.parent == root:
            continue  # its own definition and docstrings
        tree = ast.parse(path.read_text(encoding="utf-8"))
        sites += [
            (str(path), node.lineno, node.end_lineno)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "lazily"
        ]
    scripts = Path(__file__).parent.parent / "scripts"
    done = subprocess.run([sys.executable, "-c", _MADE_AT_IMPORT, str(scripts)], capture_output=True, timeout=300, env={**os.environ, "PYTHONPATH": str(root.parent)})
    made = json.loads(done.stderr.decode().splitlines()[-1])
    assert len(sites) > 100 and len(made) >= len(sites)
    for path, start, end in sites:
        rows = [row for row in made if row[0] == path and start <= row[1] <= end]
        assert rows, f"{path}:{start}: `lazily(...)` not called when the module is imported"
        assert all(row[4] for row in rows), f"{path}:{start}: not in gradfix/_compiled_patterns.py ({rows})"
