"""Write gradfix/_record_methods.py: the generated methods of gradfix's record classes,
compiled with the package instead of at their first call in each run (see `gradfix.records`).

    python scripts/record_methods.py            # exit 1 when the module is stale
    python scripts/record_methods.py --update   # rewrite it

A record class whose methods are missing from the module (changed fields, a new class) still
works: its methods are compiled from source at their first call, as before. tests/test_records.py
fails when the module is stale.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "gradfix" / "_record_methods.py"


def gradfix_modules(skip: str):  # type: ignore[no-untyped-def]
    """Every module of gradfix but `skip` (a generated one), imported, in a stable order."""
    sys.path.insert(0, str(ROOT))
    # every module file (`gradfix.analysis` is a namespace package: `pkgutil` would skip it)
    for path in sorted((ROOT / "gradfix").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if name.endswith(".__main__") or name == skip:
            continue
        yield importlib.import_module(name.removesuffix(".__init__"))


def record_classes() -> list[type]:
    """Every record class defined at the top level of a gradfix module, in a stable order."""
    found: dict[tuple[str, str], type] = {}
    for module in gradfix_modules("gradfix._record_methods"):
        for value in vars(module).values():
            if isinstance(value, type) and "__record_methods__" in value.__dict__ and value.__module__ == module.__name__:
                found[(value.__module__, value.__qualname__)] = value
    return [found[key] for key in sorted(found)]


def write_or_check(target: Path, text: str, argv: list[str]) -> int:
    """With `--update`, write `text` to the generated module `target`; else 1 when it is stale."""
    if "--update" in argv:
        target.write_text(text, encoding="utf-8")
        return 0
    current = target.read_text(encoding="utf-8") if target.exists() else ""
    if current != text:
        script = Path(sys.argv[0]).name if sys.argv and sys.argv[0].endswith(".py") else "the script"
        print(f"{target.relative_to(ROOT)} is stale: run `python scripts/{script} --update`", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str]) -> int:
    from gradfix.records import precompiled_module

    return write_or_check(TARGET, precompiled_module(record_classes()), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
