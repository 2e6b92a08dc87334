"""The prefilter's look for a bare `backward(` call (`from torch.autograd import backward`) or
`backward` imported under another name: tried only where the word is written, with the same
answers as a search of the whole file."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from gradfix.pipeline import _BARE_BACKWARD, _bare_backward, might_train

SHAPES = [
    b"backward(loss)\n",
    b"x = backward (loss)\n",
    b"def backward(self):\n    pass\n",  # a definition, not a call
    b"loss.backward()\n",  # a method: `.backward` is the prefilter's other word
    b"my_backward(loss)\n",
    b"from torch.autograd import backward as bw\nbw(loss)\n",
    b"backward\n(loss)\n",
    b"# backwards compatibility, backward pass\n",
    b"def  backward(x): pass\n",
    b"xdef backward(loss)\n",
    b"",
]


def _searched(data: bytes) -> bool:
    return _BARE_BACKWARD.search(data) is not None


@pytest.mark.parametrize("data", SHAPES)
def test_each_shape_answers_as_the_search(data: bytes) -> None:
    assert _bare_backward(data) == _searched(data)


def test_the_shapes_say_what_they_are() -> None:
    assert _bare_backward(b"backward(loss)\n")
    assert _bare_backward(b"from torch.autograd import backward as bw\n")
    assert not _bare_backward(b"def backward(self):\n    pass\n")
    assert not _bare_backward(b"# backwards compatibility, backward pass\n")
    assert might_train(b"from torch.autograd import backward\nbackward(loss)\n")


def test_a_backward_spelled_through_getattr_says_training() -> None:
    """`getattr(loss, "backward")()` (the loop model reads it as `loss.backward()`); the word
    `"backward"` alone, or a `getattr` of another name, does not."""
    assert might_train(b'for x in xs:\n    getattr(loss, "backward")()\n    opt.step()\n')
    assert might_train(b"getattr(loss, 'backward')()\n")
    assert not might_train(b'MODES = ["forward", "backward"]\ngetattr(obj, name)()\n')
    assert not might_train(b'direction = "backward"\n')


def test_own_modules_and_random_runs_answer_as_the_search() -> None:
    own = sorted((Path(__file__).resolve().parent.parent / "gradfix").rglob("*.py"))
    for path in own:
        data = path.read_bytes()
        assert _bare_backward(data) == _searched(data), path
    pieces = [b"backward", b"def ", b"def", b".", b"x", b"_", b"(", b" ", b"\n", b"\t", b"as", b"A", b"1", b"\\"]
    rng = random.Random(14)
    for _ in range(50_000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        assert _bare_backward(data) == _searched(data), data


def _said_before(data: bytes) -> bool:
    """The prefilter's own look, as it was written before it searched for three anchors (and
    the framework hooks whose loss a framework backpropagates, `_FRAMEWORK_LOSSES`; an
    accumulation setting counts beside a hook of a library that backpropagates with it; Ignite's
    files whose engine backpropagates by itself; `torch.func` files differentiating a loss)."""
    from gradfix.pipeline import _ACCUMULATING, _ACCUMULATING_HOOKS, _FRAMEWORK_LOSSES, PREFILTER

    return (
        any(word in data for word in PREFILTER if word not in _ACCUMULATING and word not in (b".backward", b"loss_scaler", b"scale_loss"))
        or re.search(rb"(?:loss_scaler|scale_loss)[ \t]*\(", data) is not None  # called, not only named
        or re.search(rb"\.backward(?![A-Za-z0-9_])", data) is not None  # the whole name, not `.backward_prefetch`
        or (any(word in data for word in _ACCUMULATING) and any(hook in data for hook in _ACCUMULATING_HOOKS))
        or (b"backward" in data and _bare_backward(data))
        or ((b'"backward")' in data or b"'backward')" in data) and b"getattr(" in data)
        or any(hook in data and any(name in data for name in frameworks) for hook, frameworks in _FRAMEWORK_LOSSES)
        # Ignite's supervised trainer beside an activation (GF018); an `LRScheduler(...)` attached
        # to `EPOCH_COMPLETED` or an `ITERATION_` event, or a scheduler a handler of those events
        # steps by hand (GF020)
        or (b"ignite" in data and b"supervised_train" in data and (b"oftmax" in data or b"igmoid" in data))
        or (b"ignite" in data and b"supervised_train" in data and b"output_transform" in data and b"state.output" in data)
        or (b"ignite" in data and (b"EPOCH_COMPLETED" in data or b"ITERATION_" in data) and b"LRScheduler(" in data)
        or (
            b"ignite" in data and (b"EPOCH_COMPLETED" in data or b"ITERATION_" in data) and b".step()" in data
            and (b".on(" in data or b"add_event_handler" in data)
        )
        # a loss function handed to `torch.func.grad` beside an activation (GF018)
        or (b"torch.func" in data and b"grad" in data and (b"oftmax" in data or b"igmoid" in data))
    )


def _says_training(data: bytes) -> bool:
    """The first look of `prefilter`: the backward words, then the others (told whether the
    bytes say `step` and `loss`, as `prefilter` reads them once)."""
    from gradfix.pipeline import _says_backward, _says_training

    return _says_backward(data) or _says_training(data, b"step" in data, b"loss" in data)


def test_the_three_anchors_answer_as_every_word_searched_for() -> None:
    from gradfix.pipeline import _ACCUMULATING, _SCALING, PREFILTER

    assert set(_SCALING + _ACCUMULATING) | {b".backward", b"manual_backward"} == set(PREFILTER)
    for word in PREFILTER:  # each word alone, cut short, and inside other text
        for data in (word, word[:-1], word[1:], b"x = 1\n" + word + b"(y)\n", word.upper()):
            assert _says_training(data) == _said_before(data), data
    for path in sorted((Path(__file__).resolve().parent.parent).rglob("*.py")):
        data = path.read_bytes()
        assert _says_training(data) == _said_before(data), path
    pieces = [*PREFILTER, b"backward", b"cale", b"accumulat", b"scale", b"Scaler", b"loss_", b"_steps", b".", b"(", b" ", b"\n", b"def ",
              b"def training_step", b"def compute_loss", b"create_supervised_trainer", b"_prefetch", b"torch.func", b"functorch", b"grad", b"softmax", b"x", b"1", b"\xc3\xa9", b"\t", b".load_state_dict("]
    rng = random.Random(15)
    for _ in range(50_000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        assert _says_training(data) == _said_before(data), data


def test_an_accumulation_setting_alone_is_no_training() -> None:
    """A launcher, a config or a test that passes `gradient_accumulation_steps` on runs no
    backward; beside a library's trainer or hook that backpropagates with it, the file may."""
    launcher = b'parser.add_argument("--gradient_accumulation_steps", type=int, default=1)\ncmd.append(f"--gradient_accumulation_steps={n}")\n'
    config = b"gradient_accumulation_steps = 8\nbatch_size = 12\n"
    lightning_cli = b"trainer = pl.Trainer(accumulate_grad_batches=4)\ntrainer.fit(model)\n"
    assert not might_train(launcher) and not might_train(config) and not might_train(lightning_cli)
    ignite = (b"from ignite.engine import create_supervised_trainer\n"
              b"trainer = create_supervised_trainer(model, opt, loss_fn, gradient_accumulation_steps=4)\n")
    hf_hook = (b"class T(Trainer):\n    def training_step(self, model, inputs, n=None):\n"
               b"        self.model.zero_grad()\n        assert self.args.gradient_accumulation_steps > 1\n"
               b"        return super().training_step(model, inputs, n)\n")
    hf_loss = b"class T(Trainer):\n    def compute_loss(self, model, inputs):\n        return model(**inputs).loss / self.args.gradient_accumulation_steps\n"
    assert might_train(ignite) and might_train(hf_hook) and might_train(hf_loss)


def test_backward_as_the_start_of_another_name_is_no_training() -> None:
    """`self.backward_prefetch` (an FSDP config dataclass) calls no backward; `.backward` as the
    whole attribute name does, wherever it is written."""
    assert not might_train(b"if self.backward_prefetch is None:\n    self.backward_prefetch = env.get('P')\n")
    assert not might_train(b"model.backward_hooks.clear()\n")
    for data in (b"loss.backward()\n", b"engine.backward(loss)\n", b"f = loss.backward\nf()\n", b"loss.backward",
                 b"x.backward_prefetch = 1\nloss.backward ()\n"):
        assert might_train(data), data


def test_a_scaler_named_but_not_called_is_no_training() -> None:
    """timm's checkpoint helper restores `loss_scaler.load_state_dict(...)`; Megatron's wrapper
    hands on `optimizer.scale_loss`: neither backpropagates. A call does, and a scaler class
    named anywhere may be called under another name."""
    assert not might_train(b"def resume(path, loss_scaler=None):\n    loss_scaler.load_state_dict(ck['scaler'])\n")
    assert not might_train(b"config.grad_scale_func = self.optimizer.scale_loss\n")
    for data in (b"loss_scaler(loss, optimizer, clip_grad=1.0)\n", b"self.loss_scaler (loss, opt)\n",
                 b"with amp.scale_loss(loss, opt) as scaled:\n    pass\n", b"s = NativeScaler()\ns(loss, opt)\n",
                 b"from timm.utils import ApexScaler\n"):
        assert might_train(data), data


def test_a_run_over_files_prefilters_each_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner prefilters a file before handing it out; the analysis does not look again
    (a run with one job and one with a pool, a script and a notebook), and still finds what
    the file holds. A caller of `process_source` that did not prefilter gets it done there."""
    from gradfix import notebooks, pipeline, runner
    from gradfix.catalog import default_codes
    from gradfix.files import discover

    script = "for x, y in loader:\n    loss = model(x).sum()\n    loss.backward()\n    opt.step()\n"
    (tmp_path / "train.py").write_text(script)
    (tmp_path / "notes.ipynb").write_text(
        '{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": '
        + repr(script).replace("'", '"')
        + '}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}'
    )
    (tmp_path / "plain.py").write_text("print('no gradients here')\n")
    seen: list[str] = []
    real_python, real_notebook = pipeline.prefilter, notebooks.prefilter_notebook

    def python(data: bytes, path: str | None):  # type: ignore[no-untyped-def]
        seen.append(Path(path or "-").name)
        return real_python(data, path)

    def notebook(data: bytes, path: str | None):  # type: ignore[no-untyped-def]
        seen.append(Path(path or "-").name)
        return real_notebook(data, path)

    monkeypatch.setattr(pipeline, "prefilter", python)
    monkeypatch.setattr(runner, "prefilter", python)
    monkeypatch.setattr(notebooks, "prefilter_notebook", notebook)
    options = runner.Options(select=frozenset(default_codes()))
    sources = list(discover([str(tmp_path)]))
    results = list(runner.run(sources, options, jobs=1))
    assert sorted(seen) == ["notes.ipynb", "plain.py", "train.py"]
    assert {Path(r.path).name: [d.code for d in r.diagnostics] for r in results} == {
        "notes.ipynb": ["GF001"], "plain.py": [], "train.py": ["GF001"],
    }
    seen.clear()
    result = runner.process_source(str(tmp_path / "plain.py"), b"print('no gradients here')\n", options)
    assert seen == ["plain.py"] and result.diagnostics == []


def test_a_trainer_callback_that_clips_or_clears_in_a_step_hook_says_training(tmp_path: Path) -> None:
    """A module of transformers callbacks holds no backward of its own; its `on_optimizer_step(` /
    `on_pre_optimizer_step(` hooks say `_step(`, and with `TrainerCallback` and a clip or a clear
    written it is read (GF010, GF002). Without a clip or a clear, or without a hook named like a
    step, it is not."""
    (tmp_path / "pyproject.toml").write_text("")
    clips = b"from transformers import TrainerCallback\nimport torch\n\n\nclass C(TrainerCallback):\n    def on_optimizer_step(self, args, state, control, model=None, **kw):\n        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n"
    clears = clips.replace(b"on_optimizer_step", b"on_pre_optimizer_step").replace(b"torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)", b"model.zero_grad()")
    logs = clips.replace(b"torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)", b"print(state.global_step)")
    at_log = clips.replace(b"on_optimizer_step", b"on_log")
    for name, data, expected in (("clips.py", clips, True), ("clears.py", clears, True), ("logs.py", logs, False), ("at_log.py", at_log, False)):
        (tmp_path / name).write_bytes(data)
        assert might_train(data, str(tmp_path / name)) is expected, name



def test_a_torch_scheduler_handed_to_a_trainer_is_read(tmp_path) -> None:
    """`Trainer(..., optimizers=(opt, sched))` with a torch optimizer and scheduler built in the
    file: the Trainer steps the scheduler after every optimizer step (GF020 reads its horizon),
    though the file says no backward, step or loop; the same file without `optimizers=` is not
    read."""
    script = tmp_path / "train.py"
    text = (
        "import torch\nfrom transformers import Trainer\n"
        "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2)\n"
        "Trainer(model=model, args=args, optimizers=(opt, sched)).train()\n"
    )
    script.write_text(text)
    assert might_train(text.encode(), str(script))
    plain = text.replace("optimizers=(opt, sched)", "train_dataset=data")
    script.write_text(plain)
    assert not might_train(plain.encode(), str(script))
