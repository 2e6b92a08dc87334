"""action.yml: a composite action whose steps are run here, as the runner runs them.

Each step's `run:` goes to `bash --noprofile --norc -eo pipefail` (GitHub's `shell: bash`)
with its `env:` expressions filled in from the inputs. The install step is replaced by the
local install of this worktree (this test environment's `bin/` on `$GITHUB_PATH`): creating
a virtualenv and building a wheel take ~8 s. With GRADFIX_TEST_ACTION_INSTALL=1 the real
install step runs too, offline: pip finds gradfix's dependencies in this environment
(PYTHONPATH) and builds the worktree without build isolation, so nothing is downloaded.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

BUGGY = """\
import torch
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in batches:
    loss = model(x).sum()
    loss.backward()
    optimizer.step()
"""
CLEAN = BUGGY.replace("for x, y in batches:\n", "for x, y in batches:\n    optimizer.zero_grad()\n")


def action() -> dict:  # type: ignore[type-arg]
    return yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))


def test_action_is_a_composite_action_with_the_documented_inputs() -> None:
    spec = action()
    assert spec["runs"]["using"] == "composite"
    assert set(spec["inputs"]) == {"version", "paths", "args"}
    assert spec["inputs"]["paths"]["default"] == "."
    for step in spec["runs"]["steps"]:
        assert step["shell"] == "bash" and "run" in step
        # inputs reach the scripts through env:, never spliced into the script text
        assert "${{" not in step["run"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "uses: <owner>/gradfix@" in readme


def _expand(value: str, inputs: dict[str, str]) -> str:
    def one(match: re.Match) -> str:  # type: ignore[type-arg]
        expression = match.group(1).strip()
        if expression.startswith("inputs."):
            return inputs[expression.removeprefix("inputs.")]
        if expression == "github.action_path":
            return str(ROOT)
        raise AssertionError(f"unexpected expression {expression}")

    return re.sub(r"\$\{\{(.*?)\}\}", one, value)


def run_action(tmp_path: Path, workspace: Path, real_install: bool = False, **given: str) -> tuple[int, str]:
    spec = action()
    inputs = {name: str(item.get("default", "")) for name, item in spec["inputs"].items()}
    inputs.update(given)
    runner_temp = tmp_path / "runner_temp"
    runner_temp.mkdir(exist_ok=True)
    github_path = tmp_path / "github_path"
    github_path.write_text("")
    site_packages = sysconfig.get_paths()["purelib"]
    base_env = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "RUNNER_TEMP": str(runner_temp),
        "GITHUB_PATH": str(github_path),
        # offline: the dependencies come from this environment, nothing is fetched
        "PYTHONPATH": site_packages,
        "PIP_NO_INDEX": "1",
        "PIP_NO_BUILD_ISOLATION": "0",
        "PIP_NO_CACHE_DIR": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    output = ""
    code = 0
    for step in spec["runs"]["steps"]:
        if step["name"] == "Install gradfix" and not real_install:
            # a local install of the worktree: the gradfix of this test environment
            github_path.write_text(str(Path(sys.executable).parent) + "\n")
            check = subprocess.run(["bash", "-n", "-c", step["run"]], capture_output=True, text=True)
            assert check.returncode == 0, check.stderr  # the real script is valid bash
            continue
        env = dict(base_env)
        added = [line for line in github_path.read_text().splitlines() if line]
        env["PATH"] = os.pathsep.join([*reversed(added), env["PATH"]])
        env.update({key: _expand(str(value), inputs) for key, value in step.get("env", {}).items()})
        result = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
            cwd=workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        output += result.stdout
        code = result.returncode
        if code != 0:
            output += result.stderr
            break
    return code, output


@pytest.mark.skipif(sys.platform == "win32", reason="the test drives bash and a POSIX virtualenv")
def test_action_steps_annotate_findings_and_pass_clean_code(tmp_path: Path) -> None:
    workspace = tmp_path / "repo"
    (workspace / "src").mkdir(parents=True)
    (workspace / "docs").mkdir()
    (workspace / "src" / "train.py").write_text(BUGGY)
    (workspace / "src" / "clean.py").write_text(CLEAN)
    (workspace / "docs" / "skipped.py").write_text(BUGGY)

    code, output = run_action(tmp_path, workspace, paths="src", args="--select GF001,GF002")
    assert code == 1, output
    annotations = [line for line in output.splitlines() if line.startswith(("::error", "::warning"))]
    assert annotations == [
        "::error file=src/train.py,line=7,col=5,endLine=7,endColumn=21,title=GF001 (missing-zero-grad)::"
        "GF001 [*] `optimizer.step()` applies gradients accumulated since the loop began: clear them each iteration"
    ]

    code, output = run_action(tmp_path, workspace, paths="src/clean.py docs/../src/clean.py")
    assert code == 0, output
    assert "::" not in output

    code, output = run_action(tmp_path, workspace, paths="src", args="--select GF999")
    assert code == 2 and "unknown rule code" in output


@pytest.mark.skipif(
    sys.platform == "win32" or os.environ.get("GRADFIX_TEST_ACTION_INSTALL") != "1",
    reason="~8 s: set GRADFIX_TEST_ACTION_INSTALL=1 to run the real install step (offline)",
)
def test_action_install_step_installs_the_checkout_into_a_virtualenv_of_its_own(tmp_path: Path) -> None:
    workspace = tmp_path / "repo"
    workspace.mkdir()
    (workspace / "train.py").write_text(BUGGY)
    code, output = run_action(tmp_path, workspace, real_install=True)
    assert code == 1, output
    assert output.splitlines()[0].startswith("gradfix ")  # `gradfix --version` of the new install
    assert output.splitlines()[1].startswith("::error file=train.py,line=7,")
    (bin_dir,) = (tmp_path / "github_path").read_text().split()
    assert bin_dir == str(tmp_path / "runner_temp" / "gradfix-venv" / "bin")
    assert (Path(bin_dir) / "gradfix").exists()
