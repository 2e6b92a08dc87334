"""Findings in a step function handed the trainer object (`def plain_step(tr, batch)` called as
`STEPS[self.kind](self, batch)`), whose events name the function's parameter as the class names
it (`ModuleModel.handed_self`): messages and new code written as the function's own names."""

from __future__ import annotations

from gradfix.patterns import lazily

_SELF_WORD = lazily(r"\bself\b")


def keep_own_names(findings: list, model) -> None:  # type: ignore[type-arg,no-untyped-def]
    """A step function handed the trainer object (`def plain_step(tr, batch)`) is judged with its
    events named as the class names them (`self.optimizer`, see `ModuleModel.handed_self`): the
    messages of findings in it, and the new code its fixes write there, name them as the
    function does (`tr.optimizer`). (The function has no `self` of its own.)"""
    from gradfix.transforms.base import InsertStatements, ReplaceNode

    spans = [(f.lineno, f.end_lineno or f.lineno, param) for f, param, _ in model.handed_self.values()]  # type: ignore[attr-defined]

    def inside(node) -> str | None:  # type: ignore[no-untyped-def]
        at = getattr(node, "lineno", 0)
        return next((p for start, end, p in spans if start <= at <= end), None)

    for finding in findings:
        param = inside(finding.node)
        if param is not None and "self" in finding.message:
            finding.message = _SELF_WORD.sub(param, finding.message)
        if finding.fix is None:
            continue
        edits = []
        for edit in finding.fix.edits:
            if isinstance(edit, InsertStatements):
                anchor = edit.anchor[0] if isinstance(edit.anchor, list) and edit.anchor else edit.anchor
                param = inside(anchor)
                if param is not None and any(_SELF_WORD.search(line) for line, _ in edit.lines):
                    edit = InsertStatements(edit.anchor, edit.where, tuple((_SELF_WORD.sub(param, line), kept) for line, kept in edit.lines))
            elif isinstance(edit, ReplaceNode):
                param = inside(edit.node)
                if param is not None and _SELF_WORD.search(edit.new):
                    edit = ReplaceNode(edit.node, _SELF_WORD.sub(param, edit.new), edit.statement, edit.span)
            edits.append(edit)
        finding.fix.edits = edits
