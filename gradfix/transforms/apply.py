"""The one edit applier every rule's fix goes through.

Edits point at nodes of the tree the model was built from; LibCST's transformer hands us
those same original nodes, so edits are keyed by node identity. Blocks are rebuilt in one
place, which is where insertions, removals and "this block became empty" are handled.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Sequence

import libcst as cst

from gradfix.transforms.base import (
    Edit,
    Fix,
    InsertStatements,
    RemoveStatement,
    ReplaceNode,
)


def select_compatible(fixes: Iterable[Fix]) -> list[Fix]:
    """Fixes that can be applied together in one pass; the rest wait for the next pass."""
    taken: set[int] = set()
    chosen: list[Fix] = []
    for fix in fixes:
        keys = fix.conflict_keys()
        if keys & taken:
            continue
        taken |= keys
        chosen.append(fix)
    return chosen


def apply_fixes(module: cst.Module, fixes: Sequence[Fix]) -> cst.Module:
    edits = [edit for fix in fixes for edit in fix.edits]
    if not edits:
        return module
    return module.visit(_EditApplier(edits))


def strip_blank_lines(stmt: cst.BaseStatement) -> cst.BaseStatement:
    """Keep a moved statement's comments but not the blank lines that spaced it."""
    lines = list(getattr(stmt, "leading_lines", ()))
    while lines and lines[0].comment is None:
        lines.pop(0)
    return stmt.with_changes(leading_lines=lines)  # type: ignore[call-arg]


class _EditApplier(cst.CSTTransformer):
    def __init__(self, edits: Sequence[Edit]) -> None:
        super().__init__()
        self.replace: dict[int, cst.CSTNode] = {}
        self.remove: set[int] = set()
        self.before: dict[int, list[cst.BaseStatement]] = defaultdict(list)
        self.after: dict[int, list[cst.BaseStatement]] = defaultdict(list)
        self.start: dict[int, list[cst.BaseStatement]] = defaultdict(list)
        self.end: dict[int, list[cst.BaseStatement]] = defaultdict(list)
        self.orphaned_comments: dict[int, list[cst.EmptyLine]] = {}
        for edit in edits:
            if isinstance(edit, ReplaceNode):
                self.replace[id(edit.node)] = edit.new
            elif isinstance(edit, RemoveStatement):
                self.remove.add(id(edit.statement))
                # what stood above the removed line stays; a moved statement takes its comments
                lines = list(getattr(edit.statement, "leading_lines", ()))
                if not edit.keep_comments:
                    lines = [line for line in lines if line.comment is None]
                self.orphaned_comments[id(edit.statement)] = lines
            elif isinstance(edit, InsertStatements):
                table = {"before": self.before, "after": self.after, "start": self.start, "end": self.end}[edit.where]
                table[id(edit.anchor)].extend(edit.statements)

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):  # type: ignore[override]
        new = self.replace.get(id(original_node))
        if new is not None:
            return new
        if isinstance(original_node, (cst.IndentedBlock, cst.Module)):
            return self._rebuild(original_node, updated_node)  # type: ignore[arg-type]
        return updated_node

    def _rebuild(
        self, original: cst.IndentedBlock | cst.Module, updated: cst.IndentedBlock | cst.Module
    ) -> cst.IndentedBlock | cst.Module:
        body: list[cst.BaseStatement] = list(self.start.get(id(original), ()))
        changed = bool(body)
        orphans: list[cst.EmptyLine] = []
        for old, new in zip(original.body, updated.body):
            before = self.before.get(id(old), ())
            after = self.after.get(id(old), ())
            body.extend(before)
            if id(old) in self.remove:
                changed = True
                orphans.extend(self.orphaned_comments.get(id(old), ()))
            else:
                if orphans:
                    new = new.with_changes(leading_lines=[*orphans, *new.leading_lines])  # type: ignore[union-attr]
                    orphans = []
                body.append(new)
            body.extend(after)
            changed = changed or bool(before) or bool(after) or new is not old
        tail = self.end.get(id(original), ())
        body.extend(tail)
        changed = changed or bool(tail)
        if not changed:
            return updated
        if not body and isinstance(updated, cst.IndentedBlock):
            body = [cst.SimpleStatementLine(body=[cst.Pass()])]
        return updated.with_changes(body=body)
