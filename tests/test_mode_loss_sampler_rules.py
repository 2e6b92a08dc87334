"""GF017-GF020 (issue 16): what the fixture pairs cannot show.

The fixture test applies safe fixes only; here are the unsafe fixes (GF017 without a
readable optimizer, GF018 when the probabilities are used elsewhere, every GF020 fix), the
cases reported without a fix, fix placement details, and the four rules together with the
older ones on one script.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from gradfix.runner import Options, process_source
from gradfix.transforms import RULES_BY_CODE, default_codes

FIXTURES = Path(__file__).parent / "before_after"
NEW = {"GF017", "GF018", "GF019", "GF020"}


def _run(source: str, codes: set[str], unsafe: bool = False) -> tuple[list[str], str | None, list[str]]:
    result = process_source(
        "case.py", textwrap.dedent(source).encode(), Options(select=frozenset(codes), unsafe_fixes=unsafe, fix=True)
    )
    assert result.error is None, result.error
    fixed = result.fixed.decode() if result.fixed is not None else None
    if fixed is not None:
        ast.parse(fixed)
        again = process_source("case.py", fixed.encode(), Options(select=frozenset(codes), unsafe_fixes=unsafe, fix=True))
        assert again.fixed is None, "a second pass changed the fixed output"
    return [d.code for d in result.diagnostics], fixed, [d.message for d in result.diagnostics]


def _fixture(rule_dir: str, case: str) -> str:
    return (FIXTURES / rule_dir / f"{case}.before.py").read_text()


def test_new_rules_are_registered_and_on_by_default() -> None:
    assert NEW <= set(RULES_BY_CODE)
    assert NEW <= default_codes()
    assert RULES_BY_CODE["GF020"].safety.value == "unsafe"
    assert {RULES_BY_CODE[c].safety.value for c in ("GF017", "GF018", "GF019")} == {"safe"}


# GF017 -------------------------------------------------------------------------------
def test_gf017_unreadable_optimizer_gets_an_unsafe_fix_only() -> None:
    source = _fixture("GF017_eval_mode_not_restored", "optimizer_from_unknown_factory_no_safe_fix")
    codes, fixed, _ = _run(source, {"GF017"})
    assert codes == ["GF017"] and fixed is None
    codes, fixed, _ = _run(source, {"GF017"}, unsafe=True)
    assert codes == ["GF017"]
    assert fixed is not None and "    model.train()\n    for x, y in loader:" in fixed


def test_gf017_message_names_the_helper_and_the_module() -> None:
    source = _fixture("GF017_eval_mode_not_restored", "validate_helper_after_epoch")
    _, _, messages = _run(source, {"GF017"})
    assert messages == [
        "`validate(model, val_loader)` leaves `model` in eval mode for the training that follows: "
        "call `model.train()` before the next training step (dropout and batch norm stay in inference mode)"
    ]


def test_gf017_eval_block_ending_in_continue_gets_train_before_the_continue() -> None:
    source = """
    import torch
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(steps):
        if step % 100 == 0:
            model.eval()
            log(model(probe).mean().item())
            continue
        optimizer.zero_grad()
        model(next(batches)).sum().backward()
        optimizer.step()
    """
    codes, fixed, _ = _run(source, {"GF017"})
    assert codes == ["GF017"]
    assert fixed is not None
    assert "        log(model(probe).mean().item())\n        model.train()\n        continue\n" in fixed


def test_gf017_no_fix_when_the_backward_is_written_in_the_same_body() -> None:
    source = """
    import torch
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        model.eval()
        with torch.no_grad():
            baseline = model(x)
        optimizer.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        optimizer.step()
    """
    codes, fixed, _ = _run(source, {"GF017"}, unsafe=True)
    assert codes == ["GF017"] and fixed is None


def test_gf017_optimizer_built_over_another_module_is_silent() -> None:
    source = """
    import torch
    optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
    for epoch in range(10):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(head(backbone(x)), y).backward()
            optimizer.step()
        backbone.eval()
    """
    assert _run(source, {"GF017"}, unsafe=True)[:2] == ([], None)


def test_gf017_optimizer_over_a_submodule_still_reports_eval_of_the_whole_model() -> None:
    source = """
    import torch
    optimizer = torch.optim.SGD(model.head.parameters(), lr=0.1)
    for epoch in range(10):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            report(model(val_x))
    """
    codes, fixed, _ = _run(source, {"GF017"})
    assert codes == ["GF017"]
    assert fixed is not None and "    model.train()\n    for x, y in loader:" in fixed


def test_gf017_optimizer_passed_in_is_traced_to_the_call_site() -> None:
    source = _fixture("GF017_eval_mode_not_restored", "conditional_validate_call")
    codes, fixed, _ = _run(source, {"GF017"})
    assert codes == ["GF017"] and fixed is not None  # safe: `optimizer` is built over `model` in main()


def test_gf017_eval_chosen_by_the_training_function_under_a_condition_is_silent() -> None:
    source = """
    import torch

    def train_one_epoch(model, loader, optimizer, frozen):
        if frozen:
            model.eval()  # a probe over frozen features
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()

    def main(model, loader, epochs):
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        for epoch in range(epochs):
            train_one_epoch(model, loader, optimizer, True)
    """
    assert _run(source, {"GF017"}, unsafe=True)[:2] == ([], None)


def test_gf017_eval_now_and_then_with_a_probe_before_the_training_is_still_reported() -> None:
    source = """
    import torch
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(steps):
        if step % 100 == 0:
            model.eval()
            log(model(probe).mean().item())
        optimizer.zero_grad()
        model(next(batches)).sum().backward()
        optimizer.step()
    """
    codes, fixed, _ = _run(source, {"GF017"})
    assert codes == ["GF017"]
    assert fixed is not None and "        log(model(probe).mean().item())\n        model.train()\n" in fixed


def test_gf017_evaluation_between_the_eval_and_the_batch_loop_is_still_reported() -> None:
    source = """
    import torch
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        model.eval()
        with torch.no_grad():
            print(sum(model(x).sum().item() for x, _ in val_loader))
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
    """
    codes, fixed, _ = _run(source, {"GF017"})
    assert codes == ["GF017"]
    assert fixed is not None and "    model.train()\n    for x, y in loader:" in fixed


def test_gf017_helper_that_evaluates_before_its_own_training_gets_no_fix_after_the_call() -> None:
    # a `model.train()` after `train_one_epoch(...)` would be undone by its next call: such
    # a fix never settles (gradfix used to stop with "the fixes did not settle")
    source = _fixture("GF017_eval_mode_not_restored", "epoch_function_validates_before_its_training_no_fix")
    for unsafe in (False, True):
        codes, fixed, _ = _run(source, {"GF017"}, unsafe=unsafe)
        assert codes == ["GF017"] and fixed is None


# GF018 -------------------------------------------------------------------------------
def test_gf018_probabilities_used_elsewhere_get_an_unsafe_fix() -> None:
    source = _fixture("GF018_activation_before_loss", "probabilities_also_used_for_accuracy")
    codes, fixed, _ = _run(source, {"GF018"})
    assert codes == ["GF018"] and fixed is None
    codes, fixed, _ = _run(source, {"GF018"}, unsafe=True)
    assert fixed is not None
    assert "loss = F.cross_entropy(logits, y)" in fixed
    assert "probs = F.softmax(logits, dim=1)" in fixed  # still there for the accuracy


@pytest.mark.parametrize("case", ["model_ends_with_softmax_layer", "model_forward_returns_softmax"])
def test_gf018_model_last_layer_is_reported_without_a_fix(case: str) -> None:
    codes, fixed, messages = _run(_fixture("GF018_activation_before_loss", case), {"GF018"}, unsafe=True)
    assert codes == ["GF018"] and fixed is None
    assert messages[0].endswith("; `model` already ends with the activation")


def test_gf018_every_spelling_of_the_input_is_read_and_other_inputs_are_not() -> None:
    # `probability_input` reads the call's first input before the loss kind: a floor added on
    # (inline or through a name), the input by keyword, reshaped or indexed, are each one
    # finding at their line; the correct twins (the logits, a product, a negation, no input) none
    source = """
    import torch
    import torch.nn.functional as F

    def step(net, opt, x, y, eps=1e-6):
        opt.zero_grad()
        out = net(x)
        loss = F.cross_entropy(F.softmax(out, 1) + 1e-8, y)
        floored = eps + torch.softmax(out, -1)
        loss = loss + F.cross_entropy(floored, y)
        loss = loss + F.cross_entropy(input=out.softmax(1), target=y)
        loss = loss + F.nll_loss(F.softmax(out, 1).view(len(y), -1)[:, :], y)
        loss = loss + F.cross_entropy(out, y) + F.cross_entropy(out * 2, y) + F.cross_entropy(-out, y)
        loss = loss + F.cross_entropy(input=out, target=y)
        loss.backward()
        opt.step()

    i = 0
    while i < 10:
        step(model, optimizer, x, y)
        i += 1
    """
    result = process_source("case.py", textwrap.dedent(source).encode(), Options(select=frozenset({"GF018"})))
    assert result.error is None, result.error
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF018", 8), ("GF018", 10), ("GF018", 11), ("GF018", 12)]


def test_gf018_logits_that_would_be_computed_twice_are_not_substituted() -> None:
    source = """
    import torch.nn.functional as F
    for x, y in loader:
        optimizer.zero_grad()
        probs = F.softmax(model(x), dim=1)
        loss = F.cross_entropy(probs, y)
        top1 = probs.argmax(1)
        loss.backward()
        optimizer.step()
    """
    codes, fixed, _ = _run(source, {"GF018"}, unsafe=True)
    assert codes == ["GF018"] and fixed is None


def test_gf018_expression_logits_keep_their_parentheses() -> None:
    source = """
    import torch
    import torch.nn.functional as F
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.binary_cross_entropy_with_logits(torch.sigmoid(a(x) + b(x)).squeeze(1), y)
        loss.backward()
        optimizer.step()
    """
    codes, fixed, _ = _run(source, {"GF018"})
    assert codes == ["GF018"]
    assert fixed is not None and "F.binary_cross_entropy_with_logits((a(x) + b(x)).squeeze(1), y)" in fixed


def test_gf018_loss_outside_training_code_is_not_looked_at() -> None:
    source = """
    import torch
    import torch.nn.functional as F

    def score(model, x, y):
        return F.cross_entropy(F.softmax(model(x), 1), y).item()

    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    """
    assert _run(source, {"GF018"})[:2] == ([], None)


# GF019 -------------------------------------------------------------------------------
def test_gf019_sampler_rebuilt_every_epoch_is_reported_without_a_fix() -> None:
    source = """
    from torch.utils.data import DataLoader, DistributedSampler
    for epoch in range(epochs):
        sampler = DistributedSampler(dataset)
        loader = DataLoader(dataset, sampler=sampler)
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    """
    codes, fixed, _ = _run(source, {"GF019"}, unsafe=True)
    assert codes == ["GF019"] and fixed is None


def test_gf019_epoch_loop_without_a_number_is_reported_without_a_fix() -> None:
    codes, fixed, messages = _run(
        _fixture("GF019_distributed_sampler_without_set_epoch", "epoch_loop_over_a_list_no_fix"), {"GF019"}, unsafe=True
    )
    assert codes == ["GF019"] and fixed is None
    assert "call `sampler.set_epoch(epoch)`" in messages[0]


def test_gf019_set_epoch_in_a_comment_does_not_count() -> None:
    source = """
    from torch.utils.data import DataLoader, DistributedSampler
    sampler = DistributedSampler(dataset)  # TODO: set_epoch
    loader = DataLoader(dataset, sampler=sampler)
    for epoch in range(3):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    """
    codes, fixed, _ = _run(source, {"GF019"})
    assert codes == ["GF019"] and fixed is not None and "    sampler.set_epoch(epoch)\n" in fixed


def test_gf019_project_function_named_like_torch_sampler_is_not_torch() -> None:
    source = """
    from torch.utils.data import DataLoader

    class DistributedSampler:
        def __init__(self, dataset):
            self.order = list(range(len(dataset)))

        def __iter__(self):
            return iter(self.order)

    loader = DataLoader(dataset, sampler=DistributedSampler(dataset))
    for epoch in range(3):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    """
    assert _run(source, {"GF019"})[:2] == ([], None)


# GF020 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "case,moved",
    [
        ("cosine_tmax_batches_stepped_per_epoch", "        optimizer.step()\n        scheduler.step()\n"),
        ("onecycle_steps_per_epoch_stepped_per_epoch", "        optimizer.step()\n        lr_sched.step()\n"),
        ("warmup_schedule_total_steps_stepped_per_epoch", "        optimizer.step()\n        scheduler.step()\n        optimizer.zero_grad()\n"),
        ("cycliclr_default_step_size_stepped_per_epoch", "        optimizer.step()\n        scheduler.step()\n"),
        ("cosine_tmax_epochs_stepped_per_batch", "        optimizer.step()\n    scheduler.step()\n"),
        ("onecycle_total_steps_epochs_stepped_per_batch", "        optimizer.step()\n    scheduler.step()\n"),
        ("onecycle_after_a_none_placeholder_stepped_per_epoch", "        opt.step()\n        lr_schedule.step()\n"),
        ("cosine_epochs_after_a_none_placeholder_stepped_per_batch_in_a_while", "            optimizer.step()\n        scheduler.step()\n"),
        # the batch loop in the train arm of a phase loop: once after it, in the arm
        ("epoch_horizon_stepped_per_batch_in_the_train_arm_of_a_phase_loop", "                optimizer.step()\n            scheduler.step()\n        else:\n"),
        ("epoch_horizon_stepped_per_batch_in_a_match_case_of_the_phase", "                        opt.step()\n                    sched.step()\n                case \"check\":\n"),
    ],
)
def test_gf020_unsafe_fix_moves_the_step_to_the_horizon_level(case: str, moved: str) -> None:
    source = _fixture("GF020_scheduler_horizon_mismatch", case)
    codes, fixed, _ = _run(source, {"GF020"})
    assert codes == ["GF020"] and fixed is None  # unsafe: not without --unsafe-fixes
    codes, fixed, _ = _run(source, {"GF020"}, unsafe=True)
    assert fixed is not None and moved in fixed
    assert fixed.count(".step()") == source.count(".step()")


def test_gf020_gate_finds_every_scheduler_it_reads() -> None:
    """The quick look at a module's text that comes first (two searches, not one per name)
    passes every scheduler GF020 reads, written anywhere in a longer text, and only those."""
    from gradfix.analysis.horizons import HORIZONS, _names_a_horizon

    for name in HORIZONS:
        assert _names_a_horizon(f"x = 1\nsched = torch.optim.lr_scheduler.{name}(opt)\n"), name
    assert not _names_a_horizon("sched = ReduceLROnPlateau(opt)\nschedule = make_schedule(cfg)\n")


def test_gf020_scheduler_in_a_helper_is_reported_without_a_fix() -> None:
    source = _fixture("GF020_scheduler_horizon_mismatch", "epoch_helper_scheduler_stepped_in_batch_loop")
    codes, fixed, _ = _run(source, {"GF020"}, unsafe=True)
    assert codes == ["GF020"] and fixed is None


def test_gf020_step_guarded_by_the_schedulers_presence_is_reported_without_a_fix() -> None:
    source = _fixture("GF020_scheduler_horizon_mismatch", "cosine_epochs_guarded_by_its_presence_stepped_per_batch")
    codes, fixed, _ = _run(source, {"GF020"}, unsafe=True)
    assert codes == ["GF020"] and fixed is None
    variant = """
    import torch

    EPOCHS = 6
    sched = None
    if use_cosine:
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=EPOCHS // 3)
    for epoch in range(EPOCHS):
        for i, (x, y) in enumerate(batches):
            opt.zero_grad()
            loss_fn(net(x), y).backward()
            opt.step()
            if sched:
                sched.step()
    """
    assert _run(variant, {"GF020"}, unsafe=True)[:2] == (["GF020"], None)
    other_condition = variant.replace("            if sched:", "            if i == len(batches) - 1 and sched:")
    assert _run(other_condition, {"GF020"}, unsafe=True)[:2] == ([], None)


def test_gf020_fix_satisfies_gf012() -> None:
    source = _fixture("GF020_scheduler_horizon_mismatch", "cosine_tmax_batches_stepped_per_epoch")
    _, fixed, _ = _run(source, {"GF020"}, unsafe=True)
    assert fixed is not None
    assert _run(fixed, {"GF012", "GF020"}, unsafe=True)[:2] == ([], None)


def test_gf020_project_get_scheduler_with_other_parameters_is_not_read() -> None:
    source = """
    import torch

    def get_scheduler(name, optimizer, num_epochs, warmup=0):
        return torch.optim.lr_scheduler.StepLR(optimizer, num_epochs // 3)

    scheduler = get_scheduler("step", optimizer, epochs, len(loader))
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        scheduler.step()
    """
    assert _run(source, {"GF020"}, unsafe=True)[:2] == ([], None)


# together ----------------------------------------------------------------------------
def test_all_rules_together_fix_one_script() -> None:
    source = """
    import torch
    import torch.nn.functional as F
    from torch.utils.data import DataLoader
    from torch.utils.data.distributed import DistributedSampler

    def evaluate(net, loader):
        net.eval()
        with torch.no_grad():
            return sum(F.cross_entropy(net(x), y).item() for x, y in loader)

    def main(model, dataset, val_loader, epochs):
        sampler = DistributedSampler(dataset)
        loader = DataLoader(dataset, batch_size=32, sampler=sampler)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs * len(loader))
        model.train()
        for epoch in range(epochs):
            for x, y in loader:
                probs = F.softmax(model(x), dim=1)
                loss = F.cross_entropy(probs, y)
                loss.backward()
                optimizer.step()
            scheduler.step()
            print(evaluate(model, val_loader))
    """
    codes, fixed, _ = _run(source, set(RULES_BY_CODE), unsafe=True)
    assert sorted(codes) == ["GF001", "GF017", "GF018", "GF019", "GF020"]
    assert fixed is not None
    body = fixed.split("for epoch in range(epochs):\n", 1)[1]
    assert body.startswith("        sampler.set_epoch(epoch)\n")
    assert "            probs = model(x)\n            loss = F.cross_entropy(probs, y)\n" in body
    assert "            optimizer.step()\n            scheduler.step()\n" in body
    assert "        print(evaluate(model, val_loader))\n        model.train()\n" in body
    assert "optimizer.zero_grad(set_to_none=True)" in body


# GF021 and GF022 ----------------------------------------------------------------------
def test_gf021_gf022_are_registered_detection_and_unsafe() -> None:
    assert {"GF021", "GF022"} <= default_codes()
    assert RULES_BY_CODE["GF021"].safety.value == "display-only"
    assert RULES_BY_CODE["GF022"].safety.value == "unsafe"


@pytest.mark.parametrize(
    "case,kind",
    [
        ("head_replaced_after_optimizer", "`model.fc` is replaced"),
        ("model_reloaded_after_optimizer", "`net` is replaced"),
        ("backbone_unfrozen_after_filtered_optimizer", "`model.backbone` is unfrozen"),
        ("encoder_unfrozen_optimizer_over_head_only", "`model.encoder` is unfrozen"),
        ("head_of_a_model_class_replaced_with_setattr", "`clf.head` is replaced"),  # once, not twice
        ("modules_restored_by_unpacking_a_loaded_tuple", "`encoder` and `decoder` are replaced"),
        ("three_modules_restored_two_held_by_the_optimizer", "`gen` and `critic` are replaced"),
    ],
)
def test_gf021_reports_without_any_fix(case: str, kind: str) -> None:
    codes, fixed, messages = _run(_fixture("GF021_optimizer_over_stale_parameters", case), {"GF021"}, unsafe=True)
    assert codes == ["GF021"] and fixed is None
    assert messages[0].startswith(kind)


def test_gf021_optimizer_bound_in_two_arms_is_reported_once() -> None:
    codes, _, messages = _run(
        """
        import torch
        from torch import nn

        def setup(args):
            model = nn.Linear(4, 2)
            if args.sgd:
                optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
            else:
                optimizer = torch.optim.AdamW(model.parameters(), lr=0.1)
            model = nn.Linear(4, 3)
            for x, y in args.loader:
                optimizer.zero_grad()
                nn.functional.cross_entropy(model(x), y).backward()
                optimizer.step()
        """,
        {"GF021"},
    )
    assert codes == ["GF021"] and messages[0].startswith("`model` is replaced")


def test_gf022_unsafe_fix_scales_the_loss_and_steps_through_the_scaler() -> None:
    source = _fixture("GF022_fp16_autocast_without_scaler", "torch_autocast_cuda_float16")
    assert _run(source, {"GF022"})[:2] == (["GF022"], None)
    codes, fixed, _ = _run(source, {"GF022"}, unsafe=True)
    assert fixed is not None
    assert 'scaler = torch.amp.GradScaler("cuda")\nfor epoch in range(10):\n' in fixed
    assert "        scaler.scale(loss).backward()\n        scaler.step(optimizer)\n        scaler.update()\n" in fixed
    assert _run(fixed, {"GF022", "GF013"}, unsafe=True)[:2] == ([], None)


def test_gf022_fix_unscales_before_a_clip_and_follows_the_cuda_amp_spelling() -> None:
    _, fixed, _ = _run(_fixture("GF022_fp16_autocast_without_scaler", "amp_autocast_positional_device_with_clip"), {"GF022"}, unsafe=True)
    assert fixed is not None
    assert "    scaler.scale(loss).backward()\n    scaler.unscale_(optimizer)\n    torch.nn.utils.clip_grad_norm_" in fixed
    _, fixed, _ = _run(_fixture("GF022_fp16_autocast_without_scaler", "cuda_amp_autocast_default_dtype"), {"GF022"}, unsafe=True)
    assert fixed is not None and "    scaler = torch.cuda.amp.GradScaler()\n    for batch in loader:\n" in fixed


_DECORATED_STEP = """import torch

STEPS = {}


def register(name):
    def deco(fn):
        STEPS[name] = fn
        return fn
    return deco


# the plain step
@register("plain")
@torch.compiler.disable
def plain_step(model, optimizer, x, y):
    optimizer.zero_grad()
    with torch.cuda.amp.autocast():
        loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss


def fit(model, optimizer, loader, kind="plain"):
    for x, y in loader:
        STEPS[kind](model, optimizer, x, y)
"""


def test_gf022_scaler_of_a_decorated_step_function_goes_above_its_decorators() -> None:
    """A statement written before a decorated function goes above its first decorator (and the
    comment that heads it), not between a decorator and the `def`: that would not compile."""
    codes, fixed, _ = _run(_DECORATED_STEP, {"GF022"}, unsafe=True)
    assert codes == ["GF022"] and fixed is not None
    assert "    return deco\nscaler = torch.cuda.amp.GradScaler()\n\n\n# the plain step\n@register(\"plain\")\n" in fixed
    assert "    scaler.scale(loss).backward()\n    scaler.step(optimizer)\n    scaler.update()\n" in fixed
    compile(fixed, "<fixed>", "exec")
    assert _run(fixed, {"GF022"}, unsafe=True)[:2] == ([], None)


def test_gf022_no_fix_for_a_training_step_method() -> None:
    """A `scaler = ...` written before a method that is one training step would be a class
    attribute, which the method's bare `scaler` cannot read: a NameError on the first step."""
    source = _fixture("GF022_fp16_autocast_without_scaler", "trainer_step_method_no_fix")
    assert _run(source, {"GF022"}, unsafe=True)[:2] == (["GF022"], None)


def test_gf022_sees_an_autocast_written_once_around_the_whole_loop() -> None:
    """`with torch.cuda.amp.autocast():` around the epoch loop runs every forward in float16
    just as one inside the iteration does; the scaler is built inside the `with`, before the
    outermost loop."""
    source = _fixture("GF022_fp16_autocast_without_scaler", "autocast_around_the_epoch_loop")
    codes, fixed, _ = _run(source, {"GF022"}, unsafe=True)
    assert codes == ["GF022"] and fixed is not None
    assert "    with torch.cuda.amp.autocast():\n        scaler = torch.cuda.amp.GradScaler()\n        for epoch in" in fixed
    assert "                scaler.scale(loss).backward()\n                scaler.step(optimizer)\n                scaler.update()\n" in fixed
    assert _run(fixed, {"GF022", "GF013"}, unsafe=True)[:2] == ([], None)
    codes, fixed, _ = _run(_fixture("GF022_fp16_autocast_without_scaler", "autocast_around_a_while_loop_at_module_level"), {"GF022"}, unsafe=True)
    assert codes == ["GF022"] and fixed is not None and "    scaler = torch.amp.GradScaler(\"cuda\")\n    while step < 1000:" in fixed


def test_gf022_no_fix_when_gradients_are_read_before_the_step_or_the_name_is_taken() -> None:
    source = """
    import torch
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = criterion(model(x), y)
        loss.backward()
        norms.append(model.weight.grad.norm())
        optimizer.step()
    """
    codes, fixed, _ = _run(source, {"GF022"}, unsafe=True)
    assert codes == ["GF022"] and fixed is None
    taken = """
    import torch
    scaler = 0.5
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = criterion(model(x), y) * scaler
        loss.backward()
        optimizer.step()
    """
    _, fixed, _ = _run(taken, {"GF022"}, unsafe=True)
    assert fixed is not None and "grad_scaler = torch.amp.GradScaler" in fixed


def _run_alone(tmp_path: Path, source: str, codes: set[str]) -> tuple[list[str], str | None]:
    """`_run` with unsafe fixes for a script alone in a folder (`case.py` in this repository
    would share its project with every fixture naming the same function)."""
    path = tmp_path / "alone" / "train.py"
    path.parent.mkdir(exist_ok=True)
    path.write_text(textwrap.dedent(source))
    options = Options(select=frozenset(codes), unsafe_fixes=True, fix=True)
    result = process_source(str(path), path.read_bytes(), options)
    assert result.error is None, result.error
    fixed = result.fixed.decode() if result.fixed is not None else None
    if fixed is not None:
        ast.parse(fixed)
        path.write_text(fixed)
        assert process_source(str(path), fixed.encode(), options).fixed is None, "a second pass changed the fixed output"
    return [d.code for d in result.diagnostics], fixed


def test_gf022_scaler_of_a_function_called_on_every_epoch_is_built_by_the_caller_and_handed_in(tmp_path: Path) -> None:
    """Built before the loop of a function an epoch loop calls, the scaler would start over on
    every call, which GF029 reports: it is built before the caller's loop and handed in as a
    keyword-only parameter, and a second run of every rule finds nothing."""
    everything = set(default_codes())
    source = _fixture("GF022_fp16_autocast_without_scaler", "epoch_function_called_by_the_epoch_loop_hands_the_scaler_in")
    codes, fixed = _run_alone(tmp_path, source, {"GF022"})
    assert codes == ["GF022"] and fixed is not None
    assert "def train_one_epoch(net, batches, optim, epoch, log_every=10, *, scaler):\n" in fixed
    assert 'scaler = torch.amp.GradScaler("cuda")\nfor epoch in range(5):\n    train_one_epoch(net, batches, optim, epoch, scaler=scaler)\n' in fixed
    assert _run_alone(tmp_path, fixed, everything) == ([], None)
    source = _fixture("GF022_fp16_autocast_without_scaler", "fit_function_with_keyword_parameters_run_by_a_while_loop")
    codes, fixed = _run_alone(tmp_path, source, {"GF022"})
    assert codes == ["GF022"] and fixed is not None
    assert "def fit_epoch(model, data, opt, *, clip=1.0, scaler):\n" in fixed
    assert "    scaler = torch.cuda.amp.GradScaler()\n    while epoch < epochs:\n        fit_epoch(model, data, opt, clip=0.5, scaler=scaler)\n" in fixed
    assert "        scaler.scale(loss).backward()\n        scaler.unscale_(opt)\n" in fixed
    assert _run_alone(tmp_path, fixed, everything) == ([], None)


_CALLED = """
import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = model(x, y)
        loss.backward()
        optimizer.step()


def main(model, loader, optimizer):
{calls}
"""


@pytest.mark.parametrize(
    "calls, fixed_in",
    [
        ("    train(model, loader, optimizer)", "function"),  # called once: built in the function
        ("    for epoch in range(3):\n        train(model, loader, optimizer)\n    train(model, loader, optimizer)", None),
        ("    for epoch in range(3):\n        train(model, loader, torch.optim.SGD(model.parameters(), 0.1, momentum=0.9))", "function"),
        ("    for epoch in range(3):\n        train(model, loader, optimizer)\n    hooks = [train]", None),
    ],
    ids=["called_once", "called_twice", "new_optimizer_per_call", "handed_on"],
)
def test_gf022_scaler_of_a_called_function_stays_in_it_or_gets_no_fix(calls: str, fixed_in: str | None, tmp_path: Path) -> None:
    """Called once, or handed a new optimizer on every call (a new run, whose own scaler is
    right), the function builds its scaler itself; called or named elsewhere too, every
    caller would need the scaler: no fix (built in it, GF029 would report it)."""
    codes, fixed = _run_alone(tmp_path, _CALLED.format(calls=calls), {"GF022"})
    assert codes == ["GF022"]
    if fixed_in is None:
        assert fixed is None
    else:
        assert fixed is not None and '    scaler = torch.amp.GradScaler("cuda")\n    for x, y in loader:\n' in fixed
        assert _run_alone(tmp_path, fixed, {"GF029", "GF022"}) == ([], None)


def test_gf021_unfreezing_spelled_with_characters_python_folds_is_still_seen() -> None:
    """The unfreeze check is skipped in text that never says `requires_grad`; Python folds
    identifiers (NFKC), so a fullwidth spelling is the same attribute and must still count."""
    source = _fixture("GF021_optimizer_over_stale_parameters", "encoder_unfrozen_optimizer_over_head_only")
    assert source.count("requires_grad") == 2
    folded = source.replace("requires_grad", "\uff52equires_grad")  # "ｒequires_grad"
    assert "requires_grad" not in folded and ast.dump(ast.parse(folded)) == ast.dump(ast.parse(source))
    codes, fixed, messages = _run(folded, {"GF021"}, unsafe=True)
    assert codes == ["GF021"] and fixed is None
    assert messages[0].startswith("`model.encoder` is unfrozen")


def _optimizer_bindings(source: str) -> tuple[bool, bool]:
    """(what the assignment index holds: an optimizer construction bound to a key,
    what the cheap look before it answers) for one module."""
    from gradfix.analysis.assignments import assignment_statements, assignments
    from gradfix.analysis.loops import build_model
    from gradfix.analysis.names import call_name
    from gradfix.analysis.staleness import _binds_optimizer, _optimizer_class
    from gradfix.source import Source

    model = build_model(Source.from_bytes(textwrap.dedent(source).encode(), "case.py"), None)
    qualify = model.facts.imports.qualify
    index = assignments(model)
    held = any(
        isinstance(b.value, ast.Call) and _optimizer_class(qualify(call_name(b.value)) or "")
        for bindings in index.by_key.values()
        for b in bindings
    )
    return held, _binds_optimizer(assignment_statements(model), qualify, ":=" in model.source.text)


@pytest.mark.parametrize(
    "source,held",
    [
        ("import torch\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\n", True),
        ("from torch.optim import AdamW as A\nclass T:\n    def setup(self):\n        self.opt: object = A(p)\n", True),
        ("import torch\ntry:\n    pass\nexcept E:\n    g, opt = 1, torch.optim.Adam(p)\n", True),
        ("import torch\ndef f():\n    with x:\n        for i in y:\n            while z:\n                o = torch.optim.SGD(p)\n", True),
        ("import torch\nmatch x:\n    case 1:\n        o = torch.optim.SGD(p)\n", True),
        ("import torch\nif (o := torch.optim.SGD(p)):\n    pass\n", True),
        ("import torch\nloss = torch.nn.MSELoss()\noptim_steps = 3\nrun(torch.optim.SGD(p))\n", False),
        ("from torch.optim import lr_scheduler\nsched = lr_scheduler.StepLR(opt, 3)\n", False),
    ],
)
def test_gf021_cheap_look_never_misses_an_optimizer_the_index_holds(source: str, held: bool) -> None:
    """GF021 builds the assignment index only when an assignment may bind an optimizer
    construction; the look must answer yes wherever the index holds one (any depth, tuple
    values, annotated assignments, a walrus)."""
    in_index, looked = _optimizer_bindings(source)
    assert in_index is held
    assert looked or not in_index


def test_gf021_cheap_look_agrees_with_the_index_on_every_example_and_fixture() -> None:
    sources = [p.read_text() for p in sorted((Path(__file__).parent.parent / "examples").rglob("*.py"))]
    sources += [p.read_text() for p in sorted(FIXTURES.rglob("*.before.py"))]
    answers = [_optimizer_bindings(source) for source in sources]
    assert all(looked or not in_index for in_index, looked in answers)
    assert sum(in_index for in_index, _ in answers) > 20 and sum(not looked for _, looked in answers) > 5


def test_gf021_reads_an_index_another_rule_built_instead_of_looking(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the assignment index built already (GF001's fix asks it first), GF021 needs no
    look at the statements: the index answers, and the findings are the same."""
    from gradfix.analysis import staleness
    from gradfix.analysis.assignments import assignments, built
    from gradfix.analysis.loops import build_model
    from gradfix.source import Source

    source = _fixture("GF021_optimizer_over_stale_parameters", "encoder_unfrozen_optimizer_over_head_only")

    def model():  # type: ignore[no-untyped-def]
        return build_model(Source.from_bytes(source.encode(), "case.py"), None)

    looks: list[bool] = []
    real_look = staleness._binds_optimizer

    def look(*args):  # type: ignore[no-untyped-def]
        looks.append(real_look(*args))
        return looks[-1]

    monkeypatch.setattr(staleness, "_binds_optimizer", look)
    plain = model()
    assert not built(plain)
    expected = [(s.optimizer, s.module, s.kind) for s in staleness.stale_optimizers(plain)]
    assert expected and looks == [True]  # looked, then built the index
    indexed = model()
    assignments(indexed)
    assert [(s.optimizer, s.module, s.kind) for s in staleness.stale_optimizers(indexed)] == expected
    assert looks == [True]  # no second look


def test_gf022_fix_builds_the_scaler_under_the_autocast_s_switch() -> None:
    """`autocast(..., enabled=args.amp)`: the scaler follows the same switch (float32 runs stay
    unscaled); a switch the loop computes itself gets no fix."""
    source = _fixture("GF022_fp16_autocast_without_scaler", "autocast_switched_by_a_flag")
    codes, fixed, _ = _run(source, {"GF022"}, unsafe=True)
    assert codes == ["GF022"] and fixed is not None
    assert 'scaler = torch.amp.GradScaler("cuda", enabled=args.amp)\nfor inputs, labels in batches:\n' in fixed
    assert _run(fixed, {"GF022", "GF013"}, unsafe=True)[:2] == ([], None)
    source = _fixture("GF022_fp16_autocast_without_scaler", "autocast_switched_by_a_value_of_the_loop_no_fix")
    assert _run(source, {"GF022"}, unsafe=True)[:2] == (["GF022"], None)


def test_gf018_a_loss_picked_by_a_literal_stays_unfixed_at_every_call_of_it() -> None:
    """The loss kind of a callee is found once per name, scope and model (`_Finder.loss_kind`'s
    table); a kind read from the arm a literal argument picks (no fix: the factory may change)
    must say so at each call asking again, in a second loop and in a method alike."""
    source = """
        import torch.nn as nn
        import torch.nn.functional as F

        def get_loss(name):
            if name == "xent":
                return nn.CrossEntropyLoss()
            return nn.MSELoss()

        def train(model, loader, opt):
            criterion = get_loss("xent")
            for x, y in loader:
                opt.zero_grad()
                loss = criterion(F.softmax(model(x), dim=1), y)
                loss.backward()
                opt.step()
            for x, y in loader:
                opt.zero_grad()
                loss = criterion(F.softmax(model(x), dim=1), y)
                loss.backward()
                opt.step()

        class Trainer:
            def fit(self, model, loader, opt):
                crit = get_loss("xent")
                for x, y in loader:
                    opt.zero_grad()
                    crit(F.softmax(model(x), dim=1), y).backward()
                    opt.step()
                    opt.zero_grad()
                    crit(F.softmax(model(x), dim=1), y).backward()
                    opt.step()
        """
    codes, fixed, _ = _run(source, {"GF018"}, unsafe=True)
    assert codes == ["GF018"] * 4
    assert fixed is None
