"""Write gradfix/_compiled_patterns.py: gradfix's module-level patterns as `re` compiles them,
so that a run does not parse and compile them again (see `gradfix.patterns`).

    python scripts/pattern_table.py            # exit 1 when the module is stale
    python scripts/pattern_table.py --update   # rewrite it

What is stored for each pattern is the call `re` makes to its C engine (`_sre.compile`) after
parsing and compiling it: the pattern, its flags, the engine's code and the group names. The
code depends on the Python version, so the module records the interpreter it was made with; any
other interpreter compiles every pattern as before. tests/test_patterns.py fails when the module
is stale (for the interpreter that runs the tests) and checks that every stored pattern equals
what `re.compile` gives.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record_methods import ROOT, gradfix_modules, write_or_check  # noqa: E402

TARGET = ROOT / "gradfix" / "_compiled_patterns.py"


def module_patterns() -> list[tuple[str | bytes, int]]:
    """(pattern, flags) of every `lazily(...)` pattern bound at the top level of a gradfix module
    (also inside a tuple or list there), in a stable order."""
    from gradfix.patterns import LazyPattern

    found: set[tuple[str | bytes, int]] = set()
    for module in gradfix_modules("gradfix._compiled_patterns"):
        for value in vars(module).values():
            for item in value if isinstance(value, (tuple, list)) else (value,):
                if isinstance(item, LazyPattern):
                    found.add((item.pattern, item.flags))
    return sorted(found, key=lambda key: (isinstance(key[0], bytes), key[0], key[1]))  # type: ignore[return-value]


def main(argv: list[str]) -> int:
    from gradfix.patterns import table_module

    return write_or_check(TARGET, table_module(module_patterns()), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
