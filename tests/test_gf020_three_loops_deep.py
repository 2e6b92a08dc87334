"""GF020's unsafe fix three loops deep: a multi-task loop (`for epoch ...: for i, batch in
enumerate(loader): for task, (x, y) in batch.items():`) gets no fix, since the loop the fix would
read as the epoch loop is the batch loop (moved after the task loop, the scheduler would still
step once per batch); a stage loop around the epochs (curriculum) keeps its fix, the scheduler
step moved after the batch loop in the epoch loop."""

from __future__ import annotations

from pathlib import Path

from gradfix.runner import Options, process_source

FIXTURES = Path(__file__).parent / "before_after" / "GF020_scheduler_horizon_mismatch"


def _unsafe(name: str):  # type: ignore[no-untyped-def]
    path = FIXTURES / name
    result = process_source(str(path), path.read_bytes(), Options(select=frozenset({"GF020"}), unsafe_fixes=True, fix=True))
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == ["GF020"]
    return path.read_text(), result.fixed


def test_multitask_loop_over_a_batchs_tasks_gets_no_fix() -> None:
    _, fixed = _unsafe("horizon_in_epochs_stepped_in_the_task_loop_of_a_multitask_batch_no_fix.before.py")
    assert fixed is None


def test_stage_loop_around_the_epochs_keeps_the_fix_after_the_batch_loop() -> None:
    before, fixed = _unsafe("horizon_in_epochs_stepped_per_batch_in_the_epochs_of_curriculum_stages.before.py")
    assert fixed is not None
    expected = before.replace(
        "                optimizer.step()\n                scheduler.step()\n",
        "                optimizer.step()\n            scheduler.step()\n",
    )
    assert expected != before and fixed.decode() == expected


def test_micro_batch_stepping_of_an_update_horizon_moves_under_the_window() -> None:
    """A horizon in optimizer steps stepped on every micro-batch: the unsafe fix moves the
    scheduler's step right after the optimizer's, under the window's `if` (a `while` loop, and
    a trainer class whose horizon is a local of `__init__`)."""
    before, fixed = _unsafe("cosine_over_updates_stepped_every_micro_batch_in_a_while_loop.before.py")
    expected = before.replace(
        "                opt.step()\n                opt.zero_grad()\n            cosine.step()\n",
        "                opt.step()\n                cosine.step()\n                opt.zero_grad()\n",
    )
    assert fixed is not None and expected != before and fixed.decode() == expected
    before, fixed = _unsafe("warmup_over_optimizer_steps_stepped_every_micro_batch.before.py")
    expected = before.replace(
        "                    self.optimizer.step()\n                    self.optimizer.zero_grad(set_to_none=True)\n"
        "                self.scheduler.step()\n",
        "                    self.optimizer.step()\n                    self.scheduler.step()\n"
        "                    self.optimizer.zero_grad(set_to_none=True)\n",
    )
    assert fixed is not None and expected != before and fixed.decode() == expected
