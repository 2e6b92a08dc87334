"""`bound_step_names` (GF006's bound-step flush) reads the module's assignment statements, not
its text: each name bound to a `step` method, one of a tuple unpacking by its position (the
`zero_grad` beside it is not a step), an attribute so bound as `.name` too; a step called,
a `step` in a comment or a string, and a comparison are not bindings."""

from __future__ import annotations

from gradfix.analysis.facts import collect_facts
from gradfix.analysis.loops import bound_step_names
from gradfix.source import Source

SCRIPT = b'''import torch

opt = torch.optim.SGD(params, lr=0.1)
advance = opt.step
clear, go = opt.zero_grad, opt.step
state.update = opts[0].step
later: object = sched.step
done = opt.step()
text = "x = opt.step"
# y = opt.step
same = advance == opt.step
'''


def test_names_bound_to_a_step_method() -> None:
    facts = collect_facts(Source.from_bytes(SCRIPT, "train.py"))
    assert bound_step_names(facts) == {"advance", "go", "update", ".update", "later"}


def test_no_step_bound() -> None:
    facts = collect_facts(Source.from_bytes(b"import torch\nopt.step()\nreset = opt.zero_grad\n", "train.py"))
    assert bound_step_names(facts) == set()
