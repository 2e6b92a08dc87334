"""GF021 through the `__init__` of subclasses: each subclass that changes the model after its
`super().__init__(...)` built the optimizer is reported at its own change, not only the first
one met; a change in the base's own `__init__` stays one finding."""

from __future__ import annotations

from pathlib import Path

from gradfix.analysis.loops import build_model
from gradfix.analysis.staleness import stale_optimizers
from gradfix.source import Source

CASE = (
    Path(__file__).parent
    / "before_after/GF021_optimizer_over_stale_parameters/two_subclass_inits_each_change_the_model_the_base_built_the_optimizer_over.before.py"
)


def _changes(text: str) -> list[tuple[int, str, str]]:
    model = build_model(Source.from_bytes(text.encode(), "case.py"), None)
    return [(found.node.lineno, found.module, found.kind) for found in stale_optimizers(model)]  # type: ignore[attr-defined]


def test_each_subclass_that_changes_the_model_is_named() -> None:
    assert _changes(CASE.read_text()) == [(21, "self.net.classifier", "replaced"), (27, "self.net", "grown")]


def test_a_change_in_the_base_itself_is_one_finding() -> None:
    text = CASE.read_text().replace(
        "lr=1e-3)\n", "lr=1e-3)\n        self.net.head = nn.Linear(16, 2)\n", 1
    )
    assert _changes(text) == [(9, "self.net.head", "replaced")]
