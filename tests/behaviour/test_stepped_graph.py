"""GF014 (backward-through-stepped-graph) and GF004 across graphs, with real torch.

The fixtures are runnable scripts (tiny models, three batches, one JSON line). All of the
scripts below run in one interpreter (run_in_one_process.py), so torch is imported once:

- every GF014 fixture is reported by GF014 and raises PyTorch's "modified by an inplace
  operation": each finding is a real bug;
- every clean GF014 trap trains, and so does nothing wrong for any default rule; each trap
  with the one edit that removes what keeps it correct is reported by GF014 and raises, so
  the traps sit right at the rule's boundary;
- the new GF004 fixtures, fixed by `process_source`, train to exactly the same losses and
  weights as before the fix;
- the clean `retain_graph_later_loss_*` fixtures, where GF004 must stay silent, really need
  their `retain_graph=True`: without it they raise "backward through the graph a second time".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from gradfix.runner import Options, process_source
from gradfix.transforms import default_codes

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "before_after"
GF014_DIR = FIXTURES / "GF014_backward_through_stepped_graph"
GF004_DIR = FIXTURES / "GF004_needless_retain_graph"
CLEAN = FIXTURES / "clean"

INPLACE = "one of the variables needed for gradient computation has been modified by an inplace operation"
FREED = "Trying to backward through the graph a second time"

# clean trap -> (text to replace, replacement): the edit that makes it the bug GF014 reports
MUTATIONS: dict[str, tuple[str, str]] = {
    "stepped_graph_other_model_stepped.py": (
        "discriminator(fake), ones)",
        "scores[real.size(0):], ones)",  # the discriminator's scores from before its step
    ),
    "stepped_graph_detach_separates_graphs.py": ("discriminator(fake.detach())", "discriminator(fake)"),
    "stepped_graph_forward_recomputed_after_step.py": (
        "        real_scores = discriminator(real)\n        fake_scores = discriminator(fake)\n"
        "        partition = torch.exp(-real_scores).sum() + torch.exp(-fake_scores).sum()\n"
        "        g_loss",
        "        g_loss",
    ),
    "stepped_graph_autograd_grad_before_step.py": (
        "        (input_grad,) = torch.autograd.grad(loss, x)\n        optimizer.step()\n",
        "        optimizer.step()\n        (input_grad,) = torch.autograd.grad(loss, x)\n",
    ),
    "stepped_graph_scores_under_no_grad.py": ("        with torch.no_grad():\n", "        if True:\n"),
    # `self(x)` runs the class's `forward`: the generator alone, until it scores with the discriminator too
    "stepped_graph_self_forward_runs_the_generator_only.py": (
        "        wave = self.generator(x)\n",
        "        wave = self.generator(x)\n        wave = wave + 0 * self.discriminator(wave[:, :4])\n",
    ),
    # the actor's loss scored by the critic before the critic's step (no graph retained)
    "stepped_graph_actor_scored_after_the_critic_step.py": (
        "        self.critic_optim.zero_grad()\n        critic_loss.backward()\n        self.critic_optim.step()\n\n"
        "        actor_loss = -self.critic(torch.cat([obs, self.actor(obs)], dim=1)).mean()\n",
        "        actor_loss = -self.critic(torch.cat([obs, self.actor(obs)], dim=1)).mean()\n"
        "        self.critic_optim.zero_grad()\n        critic_loss.backward()\n        self.critic_optim.step()\n\n",
    ),
}
GF004_CASES = (
    "gan_generator_first_discriminator_on_detached_fake",
    "gan_discriminator_first_generator_scores_again",
    "two_models_separate_forward_passes",
    "tbptt_state_repackaged_before_each_chunk",
)
RETAIN_NEEDED = ("retain_graph_later_loss_reads_appended_features.py", "retain_graph_later_loss_from_previous_iteration.py")


def _codes(path: Path, data: bytes, codes: set[str]) -> list[str]:
    result = process_source(str(path), data, Options(select=frozenset(codes), unsafe_fixes=False, fix=False))
    assert result.error is None, result.error
    return [d.code for d in result.diagnostics]


def _run_all(paths: list[Path]) -> dict[str, dict]:
    proc = subprocess.run(
        [sys.executable, str(HERE / "run_in_one_process.py"), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0"},
    )
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert len(records) == len(paths), proc.stdout
    return {record["script"]: record for record in records}


def test_findings_are_real_bugs_and_clean_traps_train(tmp_path: Path) -> None:
    buggy = sorted(GF014_DIR.glob("*.before.py"))
    assert len(buggy) >= 7
    for path in buggy:
        assert _codes(path, path.read_bytes(), {"GF014"}) == ["GF014"], path.name

    traps = sorted(CLEAN.glob("stepped_graph_*.py"))
    assert sorted(p.name for p in traps) == sorted(MUTATIONS)
    mutants: list[Path] = []
    for path in traps:
        source = path.read_text(encoding="utf-8")
        assert _codes(path, source.encode(), default_codes()) == [], path.name
        old, new = MUTATIONS[path.name]
        assert source.count(old) == 1, path.name
        mutant = tmp_path / f"mutant_{path.name}"
        mutant.write_text(source.replace(old, new), encoding="utf-8")
        assert _codes(mutant, mutant.read_bytes(), {"GF014"}) == ["GF014"], mutant.name
        mutants.append(mutant)

    fixed_pairs: list[tuple[Path, Path]] = []
    for case in GF004_CASES:
        before = GF004_DIR / f"{case}.before.py"
        result = process_source(str(before), before.read_bytes(), Options(select=frozenset({"GF004"}), unsafe_fixes=False, fix=True))
        assert [d.code for d in result.diagnostics] == ["GF004"], case
        assert result.fixed is not None, case
        assert result.fixed.count(b".backward(retain_graph=True)") == 0 < before.read_bytes().count(b".backward(retain_graph=True)")
        after = tmp_path / f"fixed_{case}.py"
        after.write_bytes(result.fixed)
        fixed_pairs.append((before, after))

    needed = [CLEAN / name for name in RETAIN_NEEDED]
    stripped: list[Path] = []
    for path in needed:
        assert _codes(path, path.read_bytes(), default_codes()) == [], path.name
        source = path.read_text(encoding="utf-8")
        assert source.count(".backward(retain_graph=True)") == 1
        plain = tmp_path / f"no_retain_{path.name}"
        plain.write_text(source.replace(".backward(retain_graph=True)", ".backward()"), encoding="utf-8")
        stripped.append(plain)

    scripts = [*buggy, *traps, *mutants, *(p for pair in fixed_pairs for p in pair), *needed, *stripped]
    runs = _run_all(scripts)

    for path in [*buggy, *mutants]:
        record = runs[str(path)]
        assert not record["ok"], f"{path.name} ran without error"
        assert record["error"].startswith("RuntimeError: ") and INPLACE in record["error"], (path.name, record["error"])
    for path in [*traps, *needed]:
        assert runs[str(path)]["ok"], (path.name, runs[str(path)].get("error"))
    for before, after in fixed_pairs:
        original, fixed = runs[str(before)], runs[str(after)]
        assert original["ok"] and fixed["ok"], (before.name, original.get("error"), fixed.get("error"))
        trained = json.loads(original["stdout"])
        assert trained["losses"] and trained["weights"]
        assert json.loads(fixed["stdout"]) == trained, before.name  # same floats, bit for bit
    for path in stripped:
        record = runs[str(path)]
        assert not record["ok"] and FREED in record["error"], (path.name, record.get("error"))
