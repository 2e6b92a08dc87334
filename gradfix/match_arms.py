"""`match` statements of literal arms, read as the `if`/`elif`/`else` chain they run as.

    match (i + 1) % accum_steps:          if (i + 1) % accum_steps == 0:
        case 0:                               optimizer.step()
            optimizer.step()          ==      ...
        case _:                           else:
            ...                               ...

A value pattern compares with `==` (PEP 634), so an arm `case 0:` runs exactly when
`subject == 0`, and a last `case _:` runs when no arm before it matched: the `if` chain is what
the code does. The analysis reads windows, arms and branches as `ast.If` nodes throughout, so
the statement is replaced in the tree by that chain (in place) when it is sound:

- every arm but the last is `case <int literal>:` (a negative literal too), with no guard;
- the last arm is such a literal or the wildcard `case _:` (no capture, no guard);
- with two literal arms or more, the subject has no call, `await`, `yield` or walrus (the
  chain reads it once per arm, `match` once).

Anything else (a capture `case n:`, a guard `case 0 if warm:`, an or-pattern, a class
pattern, a string, a dotted constant) is left as written. Python 3.9 has no `match`: the
parser refuses the file before this runs.

The arms' statements and the subject are the file's own nodes; the `if` nodes and the
comparisons are made here and marked `synthetic`. A comparison has the span from the
subject's start to the pattern's end (text like `(i + 1) % k:\\n case 0`, which no real
expression has, so no reading that compares texts mistakes it for another test). The file's
fixes must not rewrite what exists only in the chain: `refused_by_match_arms` turns down a fix
whose edits touch a `match` or `case` line outside the subject and the arms' statements, edit
or copy a made-up node, or write the subject's text anew (a test rebuilt from the window's).
"""

from __future__ import annotations

from gradfix import syntax as ast
import re
from gradfix.walk import ast_walk, statement_blocks

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gradfix.source import Source
    from gradfix.transforms.base import Fix

_MATCH = getattr(ast, "Match", None)  # (Python 3.9: no such node; no file of it has one)
_MATCH_VALUE = getattr(ast, "MatchValue", None)
_MATCH_AS = getattr(ast, "MatchAs", None)
_SIDE_EFFECTS = (ast.Call, ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr)


def plain_matches(tree: ast.Module) -> None:
    """Replace each sound `match` statement of `tree` by its `if` chain (in place); the pairs
    (chain, match) are kept as `tree.match_arms` for the fixes' check."""
    if _MATCH is None:
        return
    made: list[tuple[ast.If, ast.AST]] = []
    for block in statement_blocks(tree, arms=True):
        for index, stmt in enumerate(block):
            if stmt.__class__ is _MATCH:
                chain = _chain(stmt)
                if chain is not None:
                    block[index] = chain
                    made.append((chain, stmt))
    if made:
        tree.match_arms = made  # type: ignore[attr-defined]


def _literal(pattern: ast.AST) -> ast.expr | None:
    """The int literal of a value pattern `case 0:` / `case -1:`, or None."""
    if pattern.__class__ is not _MATCH_VALUE:
        return None
    value = pattern.value  # type: ignore[attr-defined]
    number = value.operand if value.__class__ is ast.UnaryOp and value.op.__class__ is ast.USub else value
    if number.__class__ is ast.Constant and number.value.__class__ is int:
        return value  # type: ignore[no-any-return]
    return None


def _wildcard(pattern: ast.AST) -> bool:
    return pattern.__class__ is _MATCH_AS and pattern.pattern is None and pattern.name is None  # type: ignore[attr-defined]


def _chain(match: ast.AST) -> ast.If | None:
    cases = match.cases  # type: ignore[attr-defined]
    if not cases or any(case.guard is not None for case in cases):
        return None
    values = [_literal(case.pattern) for case in cases]
    last_wild = _wildcard(cases[-1].pattern)
    if last_wild:
        values.pop()
    if not values or any(value is None for value in values):
        return None
    subject = match.subject  # type: ignore[attr-defined]
    if len(values) > 1 and any(node.__class__ in _SIDE_EFFECTS for node in ast_walk(subject)):
        return None
    orelse: list[ast.stmt] = cases[-1].body if last_wild else []
    chain: ast.If | None = None
    for case, value in reversed(list(zip(cases, values))):
        test = ast.Compare(left=subject, ops=[ast.Eq()], comparators=[value])
        test.lineno, test.col_offset = subject.lineno, subject.col_offset
        test.end_lineno, test.end_col_offset = value.end_lineno, value.end_col_offset  # type: ignore[union-attr]
        chain = ast.If(test=test, body=case.body, orelse=orelse)
        at = match if case is cases[0] else case.pattern
        chain.lineno, chain.col_offset = at.lineno, at.col_offset
        chain.end_lineno, chain.end_col_offset = match.end_lineno, match.end_col_offset  # type: ignore[attr-defined]
        test.synthetic = chain.synthetic = True  # type: ignore[attr-defined]
        orelse = [chain]
    return chain


def refused_by_match_arms(source: Source, fix: Fix) -> bool:
    """`fix` edits or copies what only the `if` chain of a `match` has (see the module's
    docstring): it is refused, and its finding reported without a fix."""
    from gradfix.transforms.apply import fix_ranges
    from gradfix.transforms.base import InsertStatements, ReplaceNode

    for edit in fix.edits:
        if isinstance(edit, ReplaceNode) and getattr(edit.node, "synthetic", False) and edit.node.__class__ in (ast.If, ast.Compare):
            return True
        if isinstance(edit, InsertStatements) and not isinstance(edit.anchor, list) and getattr(edit.anchor, "synthetic", False):
            if not any(edit.anchor is chain for chain, _ in source.tree.match_arms):  # type: ignore[attr-defined]
                return True  # (before or after an `elif` of the chain: a `case` line)
    if any(getattr(node, "synthetic", False) and node.__class__ in (ast.If, ast.Compare) for node in fix.copies):
        return True
    ranges = fix_ranges(source, fix)
    for _, match in source.tree.match_arms:  # type: ignore[attr-defined]
        subject = match.subject  # type: ignore[attr-defined]
        # (a whole word: `match mode:` does not refuse a fix writing `model.train()`; nor does a
        # test the fix built from the subject and an arm's literal itself)
        subject_text = re.compile(r"(?<![\w.])" + re.escape("".join(source.segment(subject).split())) + r"(?!\w)")
        written = any(match is m for m in fix.match_subjects)
        if not written and any(subject_text.search("".join(text.split())) for _, _, text in ranges):
            return True
        for start, end in _header_zones(source, match):
            for op_start, op_end, _ in ranges:
                if op_start == op_end:
                    if start < op_start < end:
                        return True
                elif op_start < end and start < op_end:
                    return True
    return False


def _header_zones(source: Source, match: ast.AST) -> list[tuple[int, int]]:
    """Text ranges of a `match` that only its header and `case` lines hold: from `match` to
    the subject, from the subject to the line of the first arm's first statement, and from the
    line after an arm's last statement to the line of the next arm's first statement."""
    subject = match.subject  # type: ignore[attr-defined]
    zones = [(source.start(match), source.start(subject))]
    after = source.end(subject)
    for case in match.cases:  # type: ignore[attr-defined]
        first = case.body[0]
        line_start = source.line_starts[first.lineno - 1]
        zones.append((after, max(line_start, after)))
        if line_start < after:  # `case 0: step()` on one line: up to the statement itself
            zones[-1] = (after, source.start(first))
        last = case.body[-1]
        # (from the next line on: a statement added after an arm's last one, at its indentation,
        # goes at the start of the next `case` line and belongs to the arm)
        after = source.line_starts[last.end_lineno] if last.end_lineno < len(source.line_starts) else source.end(last)  # type: ignore[attr-defined]
    return zones
