"""Run example training scripts, before and after gradfix, and compare what they trained.

A behaviour test copies a buggy script from ``examples/`` to a temporary folder,
runs ``gradfix --write`` on the copy, runs the result with real torch on the
CPU and compares its per-step losses and final weights with those of the
hand-fixed script of the same purpose in ``tests/behaviour/reference/``.

Every script prints exactly one JSON line on stdout::

    {"losses": [float, ...], "weights_sha256": "<hex>", "extra": {...}}

``weights_sha256`` hashes the raw float32 bytes of all parameters in
``model.parameters()`` order, so equal hashes mean bit-identical weights.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_DIR = REPO_ROOT / "examples"
REFERENCE_DIR = Path(__file__).resolve().parent / "reference"

# example file name (in EXAMPLES_DIR) -> reference file name (in REFERENCE_DIR)
REFERENCES: dict[str, str] = {
    "tinymlp_no_zero_grad.py": "tinymlp_no_zero_grad.py",
    "linreg_no_zero_grad.py": "linreg_no_zero_grad.py",
    "tinymlp_double_backward.py": "tinymlp_double_backward.py",
    "accum_unscaled.py": "accum_fixed.py",
    "accum_no_flush.py": "accum_fixed.py",
    "accum_zero_grad_every_batch.py": "accum_fixed.py",
    "clip_after_step.py": "clip_after_step.py",
    "scheduler_before_optimizer.py": "scheduler_before_optimizer.py",
    "amp_clip_without_unscale.py": "amp_clip_without_unscale.py",
    "running_loss_tensor.py": "running_loss_tensor.py",
    "eval_mode_not_restored.py": "eval_mode_not_restored.py",
    "softmax_before_cross_entropy.py": "softmax_before_cross_entropy.py",
    "distributed_sampler_no_set_epoch.py": "distributed_sampler_no_set_epoch.py",
    "scheduler_horizon_per_epoch.py": "scheduler_horizon_per_epoch.py",
}

# Pairs whose fixed script can only match the reference up to rounding: summing
# the loss terms before a single backward() changes the order of float additions.
# Compare them with `assert_same_training(..., tolerance=...)`. The absolute part
# is needed for weights near zero (observed: max abs diff ~1.6e-7 after 200 steps).
TOLERANCES: dict[str, tuple[float, float]] = {
    "tinymlp_double_backward.py": (1e-6, 1e-6),  # (rtol, atol)
}

# Examples whose bug does not change what is trained: the buggy script already
# has the reference's losses and weights (the bug costs memory, not accuracy).
# Their behaviour tests must look at "extra" instead.
TRAINING_UNCHANGED_BY_BUG: frozenset[str] = frozenset({
    "tinymlp_double_backward.py",  # equal up to rounding, see TOLERANCES
    "running_loss_tensor.py",  # compare extra["live_loss_graphs"]
})

DEFAULT_TIMEOUT = 120.0


class ScriptError(RuntimeError):
    """A training script failed, timed out or broke the output contract."""


class GradfixError(RuntimeError):
    """The gradfix command line failed (exit status 2 or worse)."""


def _script_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"
    # The scripts call torch.set_num_threads(1) themselves; this also keeps
    # OpenMP from spinning up a pool per process when tests run in parallel.
    env.setdefault("OMP_NUM_THREADS", "1")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_script(path: Path, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
    """Run a training script with this interpreter and return its parsed JSON result.

    The script runs in its own folder with PYTHONHASHSEED=0. Raises ScriptError
    (with the script's stderr) if it exits non-zero, times out, or does not
    print exactly one JSON object holding "losses" and "weights_sha256".
    """
    path = Path(path).resolve()
    if _FORKS:
        proc = _forkserver().run(path, timeout)
        if proc.timed_out:
            raise ScriptError(f"{path.name} timed out after {timeout} s\n{proc.stderr}")
    else:
        try:
            proc = subprocess.run(  # type: ignore[assignment]
                [sys.executable, str(path)],
                cwd=path.parent,
                env=_script_env(),
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired as exc:
            raise ScriptError(f"{path.name} timed out after {timeout} s\n{_text(exc.stderr)}") from exc
    if proc.returncode != 0:
        raise ScriptError(f"{path.name} exited with {proc.returncode}\n--- stderr ---\n{proc.stderr}")
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    if len(lines) != 1:
        raise ScriptError(
            f"{path.name} printed {len(lines)} non-empty lines on stdout, expected 1 JSON line\n"
            f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
        )
    try:
        result = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise ScriptError(f"{path.name} did not print JSON: {exc}\n--- stdout ---\n{proc.stdout}") from exc
    _check_contract(path.name, result)
    return result


# Scripts run in forked children of one server per test process that imported torch once
# (tests/behaviour/forkserver.py); GRADFIX_TEST_SUBPROCESS=1 runs each in a fresh interpreter.
_FORKS = hasattr(os, "fork") and os.environ.get("GRADFIX_TEST_SUBPROCESS") != "1"
# Libraries a script imports that the server imports once for every later script.
_PRELOAD = frozenset({
    "accelerate", "deepspeed", "ignite", "lightning", "lightning_fabric", "pytorch_lightning",
    "schedulefree", "timm", "transformers",
})  # fmt: skip
# Libraries a script imports under stand-ins of its own (timm with torchvision stubbed: the stub is
# in the script, so only the forked child may import them; the server, which has no stub, must not).
_NOT_PRELOADED: frozenset[str] = frozenset()


class _Run:
    def __init__(self, returncode: int, stdout: str, stderr: str, timed_out: bool) -> None:
        self.returncode, self.stdout, self.stderr, self.timed_out = returncode, stdout, stderr, timed_out


class _ForkServer:
    """The client of tests/behaviour/forkserver.py: one request at a time, from any thread."""

    def __init__(self) -> None:
        import threading

        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        import atexit

        atexit.register(self.close)

    def close(self) -> None:
        """End the server (at the end of its test process): it leaves when its stdin closes,
        and is waited for, so that its CPU time is counted with the tests' (`time pytest`)."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            assert process.stdin is not None
            process.stdin.close()
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def run(self, path: Path, timeout: float) -> _Run:
        return self._ask(path.name, {"path": str(path), "timeout": timeout, "preload": sorted(_imported_libraries(path) - _NOT_PRELOADED)})

    def gradfix(self, args: Sequence[str], cwd: Path, pythonpath: Sequence[str], timeout: float) -> _Run:
        """`gradfix *args` run in `cwd` by a forked child (see forkserver.py)."""
        return self._ask("gradfix", {"gradfix": list(args), "cwd": str(cwd), "pythonpath": list(pythonpath), "timeout": timeout})

    def _ask(self, name: str, request: dict[str, Any]) -> _Run:
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._process = subprocess.Popen(
                    [sys.executable, str(Path(__file__).with_name("forkserver.py"))],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    env=_script_env(),
                    text=True,
                )
            assert self._process.stdin is not None and self._process.stdout is not None
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
            line = self._process.stdout.readline()
        if not line:
            raise ScriptError(f"{name}: the fork server died (exit status {self._process.wait()})")
        answer = json.loads(line)
        return _Run(answer["returncode"], answer["stdout"], answer["stderr"], answer["timed_out"])


_SERVER: _ForkServer | None = None


def _forkserver() -> _ForkServer:
    global _SERVER
    if _SERVER is None:
        _SERVER = _ForkServer()
    return _SERVER


def _imported_libraries(path: Path) -> set[str]:
    import ast

    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names & _PRELOAD


def _text(data: str | bytes | None) -> str:
    if data is None:
        return ""
    return data.decode(errors="replace") if isinstance(data, bytes) else data


def _check_contract(name: str, result: Any) -> None:
    if not isinstance(result, dict):
        raise ScriptError(f"{name}: the JSON result is not an object")
    losses = result.get("losses")
    if not isinstance(losses, list) or not losses or not all(isinstance(v, float) for v in losses):
        raise ScriptError(f"{name}: 'losses' must be a non-empty list of floats")
    digest = result.get("weights_sha256")
    if not (isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)):
        raise ScriptError(f"{name}: 'weights_sha256' must be 64 lowercase hex digits")
    if not isinstance(result.get("extra", {}), dict):
        raise ScriptError(f"{name}: 'extra' must be an object")


def example_path(name: str) -> Path:
    return EXAMPLES_DIR / name


def reference_path(example_name: str) -> Path:
    """The hand-fixed reference script an example is compared with."""
    return REFERENCE_DIR / REFERENCES[example_name]


def gradfix_command() -> list[str]:
    """The installed gradfix console script next to this interpreter, else `python -m gradfix`."""
    here = Path(sys.executable)
    for candidate in (here.with_name("gradfix"), here.with_name("gradfix.exe")):
        if candidate.is_file():
            return [str(candidate)]
    return [sys.executable, "-m", "gradfix"]


def apply_gradfix(src: Path, dst_dir: Path, *extra_args: str, timeout: float = DEFAULT_TIMEOUT) -> Path:
    """Copy `src` into `dst_dir`, run `gradfix --write <copy> *extra_args`, return the copy's path.

    gradfix runs with `dst_dir` as its working folder, so no configuration of
    this repository is picked up. Exit status 0 and 1 (findings reported) are
    accepted; anything else raises GradfixError with gradfix's output. Whether
    the copy actually changed is for the caller to check.
    """
    src = Path(src)
    dst_dir = Path(dst_dir)
    dst_dir.mkdir(parents=True, exist_ok=True)
    copy = dst_dir / src.name
    shutil.copyfile(src, copy)  # byte-exact; metadata does not matter here

    command = gradfix_command()
    env = _script_env()
    pythonpath = []
    if command[0] == sys.executable:
        # `python -m gradfix` from a checkout that is not installed
        pythonpath = [str(REPO_ROOT)]
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    if _FORKS:
        # the command line in a forked child of the fork server, which imported gradfix once
        # (what the console script imports, from the same path): no interpreter start-up and
        # no imports per run. GRADFIX_TEST_SUBPROCESS=1 runs the command itself, as below.
        proc = _forkserver().gradfix(["--write", *extra_args, str(copy)], dst_dir, pythonpath, timeout)
        if proc.timed_out:
            raise GradfixError(f"gradfix --write {copy.name} timed out after {timeout} s\n{proc.stderr}")
    else:
        proc = subprocess.run(  # type: ignore[assignment]
            [*command, "--write", *extra_args, str(copy)],
            cwd=dst_dir,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    if proc.returncode not in (0, 1):
        raise GradfixError(
            f"`{' '.join(command)} --write {' '.join(extra_args)} {copy.name}` exited with {proc.returncode}\n"
            f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
        )
    return copy


def _close(a: float, b: float, rtol: float, atol: float) -> bool:
    return math.isclose(a, b, rel_tol=rtol, abs_tol=atol)


def _first_difference(a: Sequence[float], b: Sequence[float], rtol: float, atol: float) -> str | None:
    if len(a) != len(b):
        return f"length {len(a)} != {len(b)}"
    for i, (x, y) in enumerate(zip(a, b)):
        if not (x == y if rtol == atol == 0.0 else _close(x, y, rtol, atol)):
            return f"first difference at index {i}: {x!r} != {y!r}"
    return None


def training_differences(
    result: Mapping[str, Any],
    expected: Mapping[str, Any],
    *,
    tolerance: tuple[float, float] | None = None,
    loss_scale: float = 1.0,
) -> list[str]:
    """What differs between two script results; an empty list means the same training.

    Without `tolerance`, losses must be equal floats and the weight hashes equal.
    With `tolerance=(rtol, atol)`, losses and extra["weights"] (which both results
    must then carry) are compared elementwise within it, and the hashes ignored.
    `loss_scale` multiplies `result`'s losses first (e.g. 4.0 if a fix made a
    script log loss / accumulation_steps; exact for powers of two).
    """
    rtol, atol = tolerance if tolerance is not None else (0.0, 0.0)
    problems: list[str] = []
    losses = [v * loss_scale for v in result["losses"]]
    diff = _first_difference(losses, expected["losses"], rtol, atol)
    if diff:
        problems.append(f"losses differ: {diff}")
    if tolerance is None:
        if result["weights_sha256"] != expected["weights_sha256"]:
            problems.append("weights differ (weights_sha256)")
    else:
        try:
            got, want = result["extra"]["weights"], expected["extra"]["weights"]
        except KeyError:
            problems.append('comparing within a tolerance needs extra["weights"] in both results')
        else:
            diff = _first_difference(got, want, rtol, atol)
            if diff:
                problems.append(f"weights differ: {diff}")
    return problems


def assert_same_training(
    result: Mapping[str, Any],
    expected: Mapping[str, Any],
    *,
    tolerance: tuple[float, float] | None = None,
    loss_scale: float = 1.0,
) -> None:
    """Assert `result` trained like `expected` (see training_differences)."""
    problems = training_differences(result, expected, tolerance=tolerance, loss_scale=loss_scale)
    assert not problems, "; ".join(problems)


def assert_fixed_like_hand(
    tmp_path: Path, buggy: str, hand: str, *gradfix_args: str, others: Mapping[str, str] | None = None
) -> None:
    """Write the buggy script and its hand fix, run `gradfix --write` (with `gradfix_args`) on
    the buggy one: the result must be the hand fix's text, train exactly like it, and the
    buggy script must train otherwise (the fix matters). `others`: more modules of the
    project (file name -> text), written beside each of the three scripts and left as they are."""
    paths = {}
    for name, text in (("buggy", buggy), ("hand", hand)):
        paths[name] = tmp_path / name / "train.py"
        paths[name].parent.mkdir()
        paths[name].write_text(text)
    for folder in ("buggy", "hand", "fixed"):
        for file_name, text in (others or {}).items():
            (tmp_path / folder).mkdir(exist_ok=True)
            (tmp_path / folder / file_name).write_text(text)
    fixed = apply_gradfix(paths["buggy"], tmp_path / "fixed", *gradfix_args)
    assert fixed.read_text() == hand
    for file_name, text in (others or {}).items():
        assert (tmp_path / "fixed" / file_name).read_text() == text
    expected = run_script(paths["hand"])
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(paths["buggy"]), expected)
