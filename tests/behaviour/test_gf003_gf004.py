"""GF003 + GF004 on the seed's TinyMLP "double backward" scenario.

examples/tinymlp_double_backward.py backpropagates the classification loss with
`retain_graph=True` and then the logit penalty. After `gradfix --write` the loop must
(1) train like the hand-fixed single-backward reference (per-step losses and weights
within rtol 1e-6: only the order of float additions differs), (2) hold one backward call
and no `retain_graph` in its source, and (3) keep no graph alive when the optimizer steps,
measured by tests/behaviour/retained_graph_probe.py (bytes of saved tensors the graph still
holds at each step; the buggy script holds some, which shows the probe can tell).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .harness import (
    TOLERANCES,
    apply_gradfix,
    assert_same_training,
    example_path,
    reference_path,
    run_script,
)

EXAMPLE = "tinymlp_double_backward.py"
PROBE = Path(__file__).resolve().parent / "retained_graph_probe.py"


def _probe(script: Path) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, str(PROBE), str(script), "4"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0"},
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _backward_calls(source: str) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "backward"
    ]


def test_double_backward_fixed_trains_like_reference_and_retains_nothing(tmp_path: Path) -> None:
    original = example_path(EXAMPLE)
    fixed = apply_gradfix(original, tmp_path)
    source = fixed.read_text(encoding="utf-8")
    assert source != original.read_text(encoding="utf-8"), "gradfix did not change the example"

    # the rewritten loop: one backward of the summed loss, nothing retained
    calls = _backward_calls(source)
    assert len(calls) == 1, [ast.unparse(c) for c in calls]
    assert not calls[0].args and not calls[0].keywords
    assert "retain_graph" not in source
    assert "total_loss = ce_loss + LOGIT_PENALTY * reg_loss" in source
    # logging of the individual terms is untouched
    assert "losses.append(ce_loss.item() + LOGIT_PENALTY * reg_loss.item())" in source

    # a second run finds nothing left to fix
    again = apply_gradfix(fixed, tmp_path / "again")
    assert again.read_text(encoding="utf-8") == source

    workers = 1 if os.environ.get("PYTEST_XDIST_WORKER") else 4
    with ThreadPoolExecutor(max_workers=workers) as pool:
        result_f = pool.submit(run_script, fixed)
        expected_f = pool.submit(run_script, reference_path(EXAMPLE))
        fixed_probe_f = pool.submit(_probe, fixed)
        buggy_probe_f = pool.submit(_probe, original)
        result, expected = result_f.result(), expected_f.result()
        fixed_probe, buggy_probe = fixed_probe_f.result(), buggy_probe_f.result()

    rtol, atol = TOLERANCES[EXAMPLE]
    assert rtol <= 1e-6
    assert_same_training(result, expected, tolerance=(rtol, atol))
    assert len(result["losses"]) == 200

    assert len(buggy_probe["retained_bytes"]) == 4
    assert all(b > 0 for b in buggy_probe["retained_bytes"]), buggy_probe  # the probe sees a retained graph
    assert fixed_probe["retained_bytes"] == [0, 0, 0, 0], fixed_probe
    assert fixed_probe["retained_tensors"] == [0, 0, 0, 0], fixed_probe
