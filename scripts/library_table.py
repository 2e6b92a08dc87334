"""Print the entry list of docs/libraries.md (between the library-entries markers) from gradfix/libraries/.

    python scripts/library_table.py            # print the list
    python scripts/library_table.py --update   # rewrite it in docs/libraries.md

tests/libraries/test_tables.py fails when docs/libraries.md holds a stale list.
"""

from __future__ import annotations

import sys
from pathlib import Path

START = "<!-- library-entries-start -->"
END = "<!-- library-entries-end -->"
ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "libraries.md"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def entries_markdown() -> str:
    sys.path.insert(0, str(ROOT))
    from gradfix.libraries import LIBRARIES, CallbackClass, Constructor, Context, FrameworkClass, Method, OptimizerClass

    out: list[str] = []
    for lib in LIBRARIES:
        out.append(f"### {lib.name} {lib.version}\n")
        if lib.note:
            out.append(f"{lib.note}\n")
        out.append("| entry | what it does to gradients | proof |")
        out.append("| --- | --- | --- |")
        for entry in (*lib.constructors, *lib.methods, *lib.contexts, *lib.frameworks, *lib.callbacks, *lib.optimizers):
            if isinstance(entry, Constructor):
                name = f"`{entry.qualname}(...)`"
                returns = ", ".join(k or "?" for k in entry.returns)
                what = f"builds {entry.kind or ('(' + returns + ')' if returns else 'nothing gradfix tracks')}"
                if entry.accumulation:
                    setting = entry.accumulation
                    where = ", ".join([*setting.keywords, *(f"{k}={c}({n}=...)" for k, c, n in setting.via)])
                    where = where or (f"config key {setting.config_key!r}" if setting.config_key else "")
                    what += f"; accumulation count `{setting.name}` from {where}"
            elif isinstance(entry, Method):
                name = f"`<{entry.kind}>.{entry.name}`"
                what = ", ".join(e.value for e in entry.effects)
                if entry.divides_by:
                    what += f" (divides by `{entry.divides_by}`"
                    what += f"; not with `{entry.divides_unless}=False`)" if entry.divides_unless else ")"
                if entry.gate.value != "always":
                    what += f"; only on {entry.gate.value}"
                if entry.returns:
                    returns = "its arguments' kinds, in order" if entry.returns.startswith("<") else entry.returns
                    what += f"; returns {returns}"
            elif isinstance(entry, Context):
                name = f"`with <{entry.kind}>.{entry.name}(...)`"
                what = "; ".join(entry.changes)
            elif isinstance(entry, OptimizerClass):
                name = f"`{entry.qualname}` optimizer"
                takes = ", ".join(f"`{k}`" for k in entry.clear_keywords) or "no argument"
                what = f"`zero_grad` takes {takes}: gradfix never passes `set_to_none`"
            elif isinstance(entry, CallbackClass):
                name = f"subclass of `{entry.qualname}` (a callback)"
                hooks = ", ".join(f"{hook}: {role}" for hook, role in entry.hooks.items())
                passed = ", ".join(f"`{keyword}`: {what}" for keyword, what in entry.arguments)
                what = f"hooks ({hooks})" + (f"; every hook is passed {passed}" if passed else "")
            else:
                assert isinstance(entry, FrameworkClass)
                name = f"subclass of `{entry.qualname}`"
                hooks = ", ".join(f"{hook}: {role}" for hook, role in entry.hooks.items())
                what = f"hooks ({hooks}); the framework: {', '.join(e.value for e in entry.framework_effects) or 'nothing'}"
                if entry.manual_switch:
                    what += f"; `{entry.manual_switch} = False`: the user must clear"
            if entry.note and not isinstance(entry, Context):
                what += f". {entry.note}"
            proof = entry.proof.split("::")[1] + (" (stand-in)" if entry.stand_in else "")
            out.append(f"| {_cell(name)} | {_cell(what)} | `{proof}` |")
        out.append("")
    return "\n".join(out)


def replace_block(text: str, block: str) -> str:
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{block}{END}{tail}"


def main(argv: list[str]) -> int:
    block = entries_markdown()
    if "--update" not in argv:
        sys.stdout.write(block)
        return 0
    DOC.write_text(replace_block(DOC.read_text(encoding="utf-8"), block), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
