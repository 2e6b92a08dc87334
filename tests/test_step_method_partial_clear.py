"""GF008's unsafe fix of a partial clear written in a step method the loop calls
(`self.update(batch)`): offered when the method has that one caller, withheld when two loops
call it (the rewrite would change both)."""

from __future__ import annotations

from pathlib import Path

from gradfix.runner import Options, process_source

CASES = Path(__file__).parent / "before_after" / "GF008_model_zero_grad_partial"


def _fixed(name: str) -> tuple[bytes, bytes | None]:
    path = CASES / name
    source = path.read_bytes()
    result = process_source(str(path), source, Options(select=frozenset({"GF008"}), unsafe_fixes=True, fix=True))
    assert result.error is None, result.error
    return source, result.fixed


def test_one_caller_gets_the_optimizer_clear_in_the_method() -> None:
    source, fixed = _fixed("partial_clear_in_the_step_method_of_the_trainer.before.py")
    assert fixed is not None
    assert fixed == source.replace(b"        self.encoder.zero_grad()\n", b"        self.opt.zero_grad()\n", 1)


def test_two_callers_get_no_fix() -> None:
    _, fixed = _fixed("partial_clear_in_a_step_method_two_loops_call.before.py")
    assert fixed is None
