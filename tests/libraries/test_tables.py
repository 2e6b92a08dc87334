"""The library tables cannot drift from their proofs.

Every entry in gradfix/libraries/ names a test (`proof`) that must exist; every test named in
an entry's note must exist; every proof test of a library must be named by some entry; and
gradfix.libraries imports none of the libraries it describes (nor a syntax-tree library).
These checks import no training library, so they run everywhere.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from gradfix import libraries, records
from gradfix.libraries import Constructor, Context, Effect, FrameworkClass, Method

ROOT = Path(__file__).resolve().parents[2]
PROOF_FILES = {
    "apex": "tests/libraries/test_apex.py",
    "accelerate": "tests/libraries/test_accelerate.py",
    "lightning": "tests/libraries/test_lightning.py",
    "deepspeed": "tests/libraries/test_deepspeed.py",
    "timm": "tests/libraries/test_timm.py",
    "torch_extras": "tests/libraries/test_torch_extras.py",
    "ignite": "tests/libraries/test_ignite.py",
    "transformers": "tests/libraries/test_transformers.py",
}
_NAMED_TEST = re.compile(r"(?:(tests/libraries/test_\w+\.py)::)?(test_\w+)")


@lru_cache(maxsize=None)
def _tests_in(path: str) -> frozenset[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return frozenset(
        node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    )


def _ids() -> list[str]:
    return [f"{lib.name}:{type(e).__name__}:{getattr(e, 'qualname', None) or f'{e.kind}.{e.name}'}" for lib, e in libraries.all_entries()]


@pytest.mark.parametrize("lib,entry", libraries.all_entries(), ids=_ids())
def test_entry_names_an_existing_proof(lib, entry) -> None:
    path, _, name = entry.proof.partition("::")
    assert path and name, f"proof {entry.proof!r} is not `tests/libraries/<file>.py::<test>`"
    assert (ROOT / path).is_file(), f"{entry.proof}: no such file"
    assert name in _tests_in(path), f"{entry.proof}: no such test"
    for text in (entry.note, *getattr(entry, "changes", ())):
        for file, test in _NAMED_TEST.findall(text):
            assert test in _tests_in(file or path), f"{entry} names {file or path}::{test}, which does not exist"


@pytest.mark.parametrize("lib,entry", libraries.all_entries(), ids=_ids())
def test_entry_cites_a_versioned_source(lib, entry) -> None:
    if entry.stand_in and not entry.source.startswith("timm"):
        assert "not installable" in entry.source or "documentation" in entry.source
    else:
        assert re.match(r"^[\w.-]+ \d+\.\d+\.\d+: \S", entry.source), entry.source
    assert records.is_dataclass(entry) and type(entry).__record_frozen__
    with pytest.raises(records.FrozenInstanceError):
        entry.source = "changed"  # a table entry cannot be changed after import


@pytest.mark.parametrize("library", sorted(PROOF_FILES))
def test_every_proof_is_named_by_an_entry(library: str) -> None:
    path = PROOF_FILES[library]
    named: set[str] = set()
    for lib, entry in libraries.all_entries():
        for text in (entry.proof, entry.note, *getattr(entry, "changes", ())):
            named.update(test for file, test in _NAMED_TEST.findall(text) if (file or entry.proof.split("::")[0]) == path)
    for lib in libraries.LIBRARIES:
        named.update(test for file, test in _NAMED_TEST.findall(lib.note) if file == path)
    assert sorted(_tests_in(path) - named) == []


def test_divisors_name_a_setting_of_their_library() -> None:
    for lib in libraries.LIBRARIES:
        settings = {c.accumulation.name for c in lib.constructors if c.accumulation}
        settings |= {f.accumulation.name for f in lib.frameworks if f.accumulation}
        for m in lib.methods:
            if m.divides_by is not None:
                assert m.divides_by in settings, (lib.name, m.kind, m.name)
                assert Effect.DIVIDES_LOSS in m.effects and Effect.BACKWARD in m.effects
            elif Effect.DIVIDES_LOSS in m.effects:
                raise AssertionError(f"{m.kind}.{m.name} divides but names no setting")


def test_package_imports_no_library_and_no_syntax_tree() -> None:
    code = (
        "import sys, gradfix.libraries\n"
        "bad = sorted({m.split('.')[0] for m in sys.modules} & "
        "{'torch', 'accelerate', 'pytorch_lightning', 'lightning_fabric', 'lightning', 'deepspeed', 'timm', "
        "'apex', 'ignite', 'transformers', 'schedulefree', 'libcst'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_lookups_answer_the_loop_models_questions() -> None:
    accelerator = libraries.constructor("accelerate.Accelerator")
    assert isinstance(accelerator, Constructor) and accelerator.kind == "accelerator"
    assert accelerator.accumulation.keywords == ("gradient_accumulation_steps",)
    assert libraries.constructor("lightning.fabric.Fabric") is libraries.constructor("lightning_fabric.Fabric")
    assert libraries.constructor("deepspeed.initialize").returns[0] == "deepspeed-engine"

    backward = libraries.method("accelerator", "backward")
    assert isinstance(backward, Method) and backward.divides_by == "gradient_accumulation_steps"
    assert libraries.method("fabric", "backward").divides_by is None
    assert libraries.method("accelerated-optimizer", "zero_grad").gate is libraries.Gate.SYNC_STEPS
    assert Effect.CLEARS not in libraries.method("timm-native-scaler", "__call__").effects
    assert Effect.CLEARS in libraries.method("deepspeed-engine", "step").effects
    assert libraries.method("hf-trainer-accelerator", "backward").divides_by is None

    accumulate = libraries.context("accelerator", "accumulate")
    assert isinstance(accumulate, Context)
    assert accumulate.gates_prepared_optimizers and accumulate.syncs_on_last_batch and accumulate.needs_tail_flush is False
    assert libraries.context("fabric", "no_backward_sync").needs_tail_flush is True

    module = libraries.framework_class("lightning.pytorch.LightningModule")
    assert isinstance(module, FrameworkClass) and module.hooks["training_step"] == "training-step"
    assert module.manual_switch == "automatic_optimization" and module.user_must_clear_when_manual
    assert libraries.framework_class("transformers.Trainer").hooks["compute_loss"] == "loss"
    assert libraries.constructor("no.such.Thing") is None

    fused = libraries.optimizer_class("apex.optimizers.FusedAdam")
    assert isinstance(fused, libraries.OptimizerClass) and fused.clear_keywords == ()
    assert libraries.optimizer_class("apex.optimizers.fused_adam.FusedAdam") is fused
    assert libraries.optimizer_class("deepspeed.ops.adam.FusedAdam").clear_keywords == ()
    assert libraries.optimizer_class("apex.fp16_utils.FP16_Optimizer").clear_keywords == ("set_grads_to_None",)
    assert libraries.optimizer_class("deepspeed.ops.adam.DeepSpeedCPUAdam") is None  # torch's zero_grad
    assert libraries.optimizer_class("torch.optim.AdamW") is None


def test_docs_list_every_entry() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import library_table
    finally:
        sys.path.pop(0)
    doc = (ROOT / "docs" / "libraries.md").read_text(encoding="utf-8")
    assert library_table.replace_block(doc, library_table.entries_markdown()) == doc, (
        "docs/libraries.md is stale: run python scripts/library_table.py --update"
    )
