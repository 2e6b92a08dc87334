"""The rule catalog: code, name, fix safety, default and summary of every rule, as plain data.

Start-up reads this table, not the rules: validating `--select`, resolving the rules to run,
`--list-rules` and rule names in reports need no rule module, so a run over files without
gradient code never imports the rules or the parser they use.

Generated from the rules' docstrings by `python scripts/rule_table.py --update`;
tests/test_rule_docs.py fails when it differs from the registry in `gradfix.transforms`.
"""

from __future__ import annotations

# (code, name, fix safety, enabled by default, summary)
# fmt: off
# catalog-start
RULES: tuple[tuple[str, str, str, bool, str], ...] = (
    ('GF001', 'missing-zero-grad', 'safe', True, 'An optimizer is stepped in a training loop whose iterations never clear its gradients.'),
    ('GF002', 'zero-grad-between-backward-and-step', 'safe', True, 'A gradient clear runs after the last `backward()` and before `step()`.'),
    ('GF003', 'multiple-backward', 'safe', True, 'One iteration calls `backward()` several times on losses of the same forward pass.'),
    ('GF004', 'needless-retain-graph', 'safe', True, '`backward(retain_graph=True)` keeps a graph alive that nothing backpropagates again.'),
    ('GF005', 'unscaled-accumulation', 'safe', True, 'An accumulation loop backpropagates the full loss of every micro-batch.'),
    ('GF006', 'missing-accumulation-flush', 'safe', True, 'The micro-batches after the last full accumulation window never reach `step()`.'),
    ('GF007', 'zero-grad-not-set-to-none', 'safe', False, 'An optimizer clears its gradients to zero tensors instead of to `None`.'),
    ('GF008', 'model-zero-grad-partial', 'unsafe', True, '`model.zero_grad()` is the only clear, but the optimizer stepped owns parameters that model does not.'),
    ('GF009', 'loss-tensor-accumulated', 'safe', True, "A loss tensor is accumulated across iterations, keeping every step's autograd graph alive."),
    ('GF010', 'clip-after-step', 'safe', True, 'Gradients are clipped after `optimizer.step()` (or before `backward()`), where the clip cannot affect the update.'),
    ('GF011', 'zero-grad-inside-accumulation', 'safe', True, 'Gradients are cleared on every micro-batch of an accumulation loop.'),
    ('GF012', 'scheduler-before-optimizer', 'safe', True, '`scheduler.step()` runs before the `optimizer.step()` it schedules, in the same iteration.'),
    ('GF013', 'clip-without-unscale', 'safe', True, 'Gradients are clipped while a `GradScaler` still has them multiplied by the loss scale.'),
    ('GF014', 'backward-through-stepped-graph', 'display-only', True, 'A graph kept with `retain_graph=True` is backpropagated after an optimizer step changed the weights it saved.'),
    ('GF015', 'accumulation-window-off-by-one', 'safe', True, 'The first accumulation window does not hold N micro-batches.'),
    ('GF016', 'double-scaled-accumulation', 'safe', True, 'The loss is divided by the accumulation count and then handed to a backward that divides again.'),
    ('GF017', 'eval-mode-not-restored', 'safe', True, 'A module is switched to eval mode inside the training loop and never switched back.'),
    ('GF018', 'activation-before-loss', 'safe', True, 'Probabilities are fed to a loss that expects logits (or log-probabilities).'),
    ('GF019', 'distributed-sampler-without-set-epoch', 'safe', True, 'A shuffling `DistributedSampler` feeds an epoch loop that never calls `set_epoch`.'),
    ('GF020', 'scheduler-horizon-mismatch', 'unsafe', True, "A scheduler's horizon is counted in batches but it steps once per epoch, or the reverse."),
    ('GF021', 'optimizer-over-stale-parameters', 'display-only', True, 'The model changes its parameters after the optimizer was built over them.'),
    ('GF022', 'fp16-autocast-without-scaler', 'unsafe', True, 'A training loop runs CUDA autocast in float16 without a gradient scaler.'),
    ('GF023', 'scaled-loss-stepped-without-scaler', 'safe', True, 'The loss is scaled by a `GradScaler` for the backward, but the optimizer is stepped directly.'),
    ('GF024', 'optimizer-setting-set-as-attribute', 'safe', True, 'A learning rate (or another setting) assigned as an attribute of a torch optimizer.'),
    ('GF025', 'scheduler-rebuilt-each-iteration', 'safe', True, 'A learning-rate scheduler built again on every iteration of the loop that steps it.'),
    ('GF026', 'training-method-not-called', 'safe', True, 'A training method named in a statement of its own but never called: `optimizer.step`.'),
    ('GF027', 'local-gradients-never-cleared', 'safe', True, "An A3C worker hands its local model's gradients to the shared model but never clears them."),
    ('GF028', 'shared-gradients-never-refreshed', 'safe', True, "An A3C worker's guarded hand-over leaves the shared model stepping on its first gradients."),
    ('GF029', 'grad-scaler-rebuilt-each-iteration', 'safe', True, 'A `GradScaler` built again on every iteration of the loop that steps with it.'),
    ('GF030', 'optimizer-rebuilt-each-iteration', 'safe', True, 'An optimizer built again on every iteration of the loop that steps it.'),
    ('GF031', 'scheduler-over-replaced-optimizer', 'display-only', True, 'A learning-rate scheduler is built over an optimizer that is then replaced by a new one.'),
    ('GF032', 'generator-gradient-in-discriminator-step', 'display-only', True, "A discriminator's optimizer steps on the gradient the generator's loss wrote into the discriminator."),
    ('GF033', 'gradients-read-never-cleared', 'unsafe', True, "A loop reads its parameters' gradients after each backward but never clears them."),
    ('GF034', 'scaler-update-between-steps', 'safe', True, '`scaler.update()` runs between the `scaler.step()` calls of optimizers one scaled backward filled.'),
    ('GF035', 'optimizer-over-spent-iterator', 'safe', True, 'Parameters bound once as a one-shot iterator are handed to a second optimizer.'),
)
# catalog-end
# fmt: on

CODES: tuple[str, ...] = tuple(row[0] for row in RULES)
NAMES: dict[str, str] = {row[0]: row[1] for row in RULES}


def default_codes() -> set[str]:
    return {code for code, _, _, default, _ in RULES if default}


def rows_from_registry() -> tuple[tuple[str, str, str, bool, str], ...]:
    """The catalog as the rules themselves say it (imports every rule)."""
    from gradfix.report.rules import summary
    from gradfix.transforms import ALL_RULES

    return tuple(
        (rule.code, rule.name, rule.safety.value, bool(rule.default_enabled), summary(rule))
        for rule in sorted(ALL_RULES, key=lambda rule: rule.code)
    )


def render(rows: tuple[tuple[str, str, str, bool, str], ...]) -> str:
    """The lines between the catalog markers above."""
    lines = ["RULES: tuple[tuple[str, str, str, bool, str], ...] = ("]
    lines += [f"    {row!r}," for row in rows]
    lines.append(")")
    return "\n".join(lines) + "\n"
