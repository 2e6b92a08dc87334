"""Unsafe fixes of code written in a step method the loop calls (`self.update(batch)`): GF008's
partial clear and GF006's missing flush. Offered when the method has that one caller, withheld
when two loops call it (the rewrite would change both, or a flush is proven for one only)."""

from __future__ import annotations

from pathlib import Path

from gradfix.runner import Options, process_source

FIXTURES = Path(__file__).parent / "before_after"


def _fixed(name: str, code: str = "GF008") -> tuple[bytes, bytes | None]:
    path = FIXTURES / next(p.name for p in FIXTURES.glob(f"{code}_*")) / name
    source = path.read_bytes()
    result = process_source(str(path), source, Options(select=frozenset({code}), unsafe_fixes=True, fix=True))
    assert result.error is None, result.error
    return source, result.fixed


def test_one_caller_gets_the_optimizer_clear_in_the_method() -> None:
    source, fixed = _fixed("partial_clear_in_the_step_method_of_the_trainer.before.py")
    assert fixed is not None
    assert fixed == source.replace(b"        self.encoder.zero_grad()\n", b"        self.opt.zero_grad()\n", 1)


def test_two_callers_get_no_fix() -> None:
    _, fixed = _fixed("partial_clear_in_a_step_method_two_loops_call.before.py")
    assert fixed is None


def test_window_of_the_one_caller_flushed_after_its_loop() -> None:
    source, fixed = _fixed("window_in_the_step_method_of_the_trainer.before.py", "GF006")
    assert fixed is not None
    flush = (
        b"            self.accumulate(batch, batch_idx)\n\n"
        b"        # the last micro-batches did not fill a whole window: step on them too\n"
        b"        if (batch_idx + 1) % self.accum_steps != 0:\n"
        b"            self.optimizer.step()\n"
        b"            self.optimizer.zero_grad(set_to_none=True)\n"
    )
    loop = b"        for batch_idx, batch in enumerate(loader):\n"
    # the index the flush reads, bound before the loop too (a loader with no batch)
    bound = b"        batch_idx = -1  # the flush after the loop reads it, also when the loop runs no batch\n" + loop
    assert fixed == source.replace(b"            self.accumulate(batch, batch_idx)\n", flush, 1).replace(loop, bound, 1)


def test_window_of_two_callers_gets_no_flush() -> None:
    _, fixed = _fixed("window_in_a_step_method_two_loops_call.before.py", "GF006")
    assert fixed is None


def test_window_of_a_method_whose_parameter_is_named_otherwise_flushed_with_the_loops_index() -> None:
    """`def train_step(self, batch, it)` called as `self.train_step(batch, i)`: the window reads
    the loop's `i`; the flush after the loop reads it so."""
    source, fixed = _fixed("window_in_a_step_method_whose_parameter_is_named_otherwise.before.py", "GF006")
    assert fixed is not None
    flush = (
        b"            self.train_step(batch, i)\n\n"
        b"        # the last micro-batches did not fill a whole window: step on them too\n"
        b"        if (i + 1) % self.accum != 0:\n"
        b"            self.optimizer.step()\n"
        b"            self.optimizer.zero_grad()\n"
    )
    loop = b"        for i, batch in enumerate(loader):\n"
    # the index the flush reads, bound before the loop too (a loader with no batch)
    bound = b"        i = -1  # the flush after the loop reads it, also when the loop runs no batch\n" + loop
    assert fixed == source.replace(b"            self.train_step(batch, i)\n", flush, 1).replace(loop, bound, 1)


def test_window_of_a_method_given_the_index_by_keyword_flushed_with_the_loops_index() -> None:
    source, fixed = _fixed("window_in_a_method_given_the_index_by_keyword.before.py", "GF006")
    assert fixed is not None
    assert b"            if (n + 1) % EVERY != 0:\n                self.adam.step()\n" in fixed
    assert b"micro + 1) % EVERY != 0" not in fixed


def test_window_of_a_function_whose_parameter_is_named_otherwise_gets_no_flush() -> None:
    _, fixed = _fixed("window_in_a_function_whose_parameter_is_named_otherwise.before.py", "GF006")
    assert fixed is None


def test_window_counted_on_the_trainer_flushed_before_the_epoch_reset() -> None:
    """`self.micro += 1` in the step method, `self.new_epoch()` setting it back to 0 after the
    batch loop: the flush goes between the two, reading the trainer's count."""
    source, fixed = _fixed("window_counted_in_the_step_method_reset_by_the_epoch_method.before.py", "GF006")
    assert fixed is not None
    flush = (
        b"                self.learn(xb, yb)\n\n"
        b"            # the last micro-batches did not fill a whole window: step on them too\n"
        b"            if self.micro % EVERY != 0:\n"
        b"                self.sgd.step()\n"
        b"                self.sgd.zero_grad()\n"
        b"            self.new_epoch()\n"
    )
    assert fixed == source.replace(b"                self.learn(xb, yb)\n            self.new_epoch()\n", flush, 1)


def test_window_two_calls_from_the_batch_loop_gets_no_flush() -> None:
    _, fixed = _fixed("window_two_method_calls_from_the_batch_loop_counter_reset_per_epoch.before.py", "GF006")
    assert fixed is None
