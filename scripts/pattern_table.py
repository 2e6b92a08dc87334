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

import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "gradfix" / "_compiled_patterns.py"


def module_patterns() -> list[tuple[str | bytes, int]]:
    """(pattern, flags) of every `lazily(...)` pattern bound at the top level of a gradfix module
    (also inside a tuple or list there), in a stable order."""
    sys.path.insert(0, str(ROOT))
    from gradfix.patterns import LazyPattern

    found: set[tuple[str | bytes, int]] = set()
    for path in sorted((ROOT / "gradfix").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if name.endswith(".__main__") or name == "gradfix._compiled_patterns":
            continue
        module = importlib.import_module(name.removesuffix(".__init__"))
        for value in vars(module).values():
            for item in value if isinstance(value, (tuple, list)) else (value,):
                if isinstance(item, LazyPattern):
                    found.add((item.pattern, item.flags))
    return sorted(found, key=lambda key: (isinstance(key[0], bytes), key[0], key[1]))  # type: ignore[return-value]


def main(argv: list[str]) -> int:
    from gradfix.patterns import table_module

    text = table_module(module_patterns())
    if "--update" in argv:
        TARGET.write_text(text, encoding="utf-8")
        return 0
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if current != text:
        print(f"{TARGET.relative_to(ROOT)} is stale: run `python scripts/pattern_table.py --update`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
