"""A generator of random (valid) PyTorch training scripts, for fuzzing gradfix.

`generate(seed)` returns `(source, has_events)`: a Python module with training loops in many
shapes — for/while/async for, epoch loops, functions, methods, decorators, async functions,
walrus, match statements, type hints, f-strings, comments everywhere, gradient accumulation,
AMP scalers, clipping, schedulers, zero_grad in any position or missing — or, when
`has_events` is False, a module of the same shapes with no gradient event at all (it may
still mention `backward`/`zero_grad` in comments and strings, so gradfix does parse it).
Every program is valid Python 3.10+; the generator only builds text.
"""

from __future__ import annotations

import random
from typing import Callable

OPTIMIZERS = ["optimizer", "opt", "optim", "self.optimizer", 'optimizers["g"]', "self.opt_d", "sgd"]
MODELS = ["model", "net", "self.model", "generator", "encoder"]
LOADERS = ["loader", "train_loader", "self.train_dl", "dataloader", "batches"]
LOSSES = ["loss", "total_loss", "l", "loss_g", "objective"]
SCALERS = ["scaler", "self.scaler", "grad_scaler"]
SCHEDULERS = ["scheduler", "lr_sched", "self.scheduler"]
COMMENTS = [
    "# forward pass",
    "# NOTE: keep this order",
    "# TODO(someone): tune",
    "# .backward() happens below",
    "# zero_grad is handled elsewhere?",
    "# noqa",
    "# type: ignore",
    "# 🚀 ünïcode comment",
]


class _Gen:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.lines: list[str] = []

    def pick(self, items):  # type: ignore[no-untyped-def]
        return self.r.choice(items)

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def emit(self, indent: int, text: str) -> None:
        if self.chance(0.12):
            self.lines.append("    " * indent + self.pick(COMMENTS))
        if self.chance(0.04):
            self.lines.append("")
        self.lines.append("    " * indent + text)

    # pieces ----------------------------------------------------------------------------
    def header(self) -> None:
        if self.chance(0.3):
            self.lines.append('"""Training script. Mentions loss.backward() and zero_grad in prose."""')
        if self.chance(0.3):
            self.lines.append("from __future__ import annotations")
        self.lines.append("import torch")
        if self.chance(0.5):
            self.lines.append("from torch import nn, optim")
        if self.chance(0.3):
            self.lines.append("import functools")
        self.lines.append("")

    def decorators(self, indent: int) -> None:
        for _ in range(self.r.randint(0, 2)):
            self.emit(indent, self.pick(["@torch.no_grad()", "@functools.lru_cache(maxsize=None)", "@staticmethod_like", "@profile", "@torch.compile(mode='reduce-overhead')"]))

    def loop_header(self, indent: int, loader: str, is_async: bool) -> tuple[str, str]:
        kind = self.r.randint(0, 6)
        if is_async and self.chance(0.5):
            return f"async for batch in {loader}:", "batch"
        if kind == 0:
            return f"for x, y in {loader}:", "x"
        if kind == 1:
            return f"for step, (x, y) in enumerate({loader}):", "x"
        if kind == 2:
            return "for i in range(num_steps):", "data[i]"
        if kind == 3:
            return "while step < max_steps:", "next(it)"
        if kind == 4:
            return f"for batch in {loader}:  # iterate", 'batch["x"]'
        if kind == 5:
            return f"for (x, y) in tqdm({loader}, desc=f'epoch {{epoch}}'):", "x"
        return "while True:", "sample()"

    def body(self, indent: int, names: dict, events: bool, is_async: bool) -> None:
        opt, model, lossn = names["opt"], names["model"], names["loss"]
        inp = names["inp"]
        stmts: list[Callable[[int], None]] = []
        zero_pos = self.pick(["start", "end", "before_step", "missing", "after_backward", "model"])
        amp = self.chance(0.2)
        accum = self.chance(0.2)
        clip = self.chance(0.3)
        sched = self.chance(0.3)

        def zero(ind: int) -> None:
            if not events:
                return
            if zero_pos == "model":
                self.emit(ind, f"{model}.zero_grad()")
            else:
                self.emit(ind, self.pick([f"{opt}.zero_grad()", f"{opt}.zero_grad(set_to_none=True)", f"{opt}.zero_grad(set_to_none=False)"]))

        def forward(ind: int) -> None:
            if self.chance(0.2):
                self.emit(ind, "with torch.autocast('cuda', dtype=torch.float16):")
                self.emit(ind + 1, f"out: torch.Tensor = {model}({inp})")
                self.emit(ind + 1, f"{lossn} = criterion(out, y)")
            else:
                self.emit(ind, f"out = {model}({inp})")
                self.emit(ind, f"{lossn} = criterion(out, y){' / accum_steps' if accum else ''}")
            if self.chance(0.2):
                self.emit(ind, f"if (val := {lossn}.item()) > 1e6:")
                self.emit(ind + 1, self.pick(["continue", "break", "print(f'{val=}')"]))
            if self.chance(0.15):
                self.emit(ind, "match mode:")
                self.emit(ind + 1, 'case "debug":')
                self.emit(ind + 2, f"print(f\"loss={{{lossn}.item():.4f}} {{'x'!r}}\")")
                self.emit(ind + 1, "case {\"kind\": kind, **rest}:")
                self.emit(ind + 2, "log(kind, rest)")
                self.emit(ind + 1, "case [first, *others] if first:")
                self.emit(ind + 2, "pass")
                self.emit(ind + 1, "case _:")
                self.emit(ind + 2, "pass")

        def backward(ind: int) -> None:
            if not events:
                self.emit(ind, f"metrics.append({lossn}.detach())")
                return
            if amp:
                self.emit(ind, f"{names['scaler']}.scale({lossn}).backward()")
            else:
                self.emit(ind, self.pick([f"{lossn}.backward()", f"{lossn}.backward(retain_graph=False)", f"({lossn}).backward()"]))

        def step(ind: int) -> None:
            if not events:
                self.emit(ind, f"history.append(float({lossn}))")
                return
            if clip:
                if amp and self.chance(0.6):
                    self.emit(ind, f"{names['scaler']}.unscale_({opt})")
                self.emit(ind, f"torch.nn.utils.clip_grad_norm_({model}.parameters(), max_norm=1.0)")
            if amp:
                self.emit(ind, f"{names['scaler']}.step({opt})")
                self.emit(ind, f"{names['scaler']}.update()")
            else:
                self.emit(ind, f"{opt}.step()")
            if sched:
                self.emit(ind, f"{names['sched']}.step()")

        if zero_pos == "start":
            stmts.append(zero)
        stmts.append(forward)
        stmts.append(backward)
        if zero_pos == "after_backward":
            stmts.append(zero)
        if accum:

            def accum_block(ind: int) -> None:
                self.emit(ind, "if (step + 1) % accum_steps == 0:")
                if zero_pos == "before_step":
                    zero(ind + 1)
                step(ind + 1)
                if zero_pos in ("end", "model"):
                    zero(ind + 1)

            stmts.append(accum_block)
        else:
            if zero_pos == "before_step":
                stmts.append(zero)
            stmts.append(step)
            if zero_pos in ("end", "model"):
                stmts.append(zero)
        if self.chance(0.3):
            stmts.append(lambda ind: self.emit(ind, f"running += {lossn}" + self.pick(["", ".item()", ".detach()"])))
        if self.chance(0.2):
            stmts.append(lambda ind: self.emit(ind, f"print(f'{{step:>5d}} {{{lossn}:.3f}}')"))
        if "while" in names["header"]:
            stmts.append(lambda ind: self.emit(ind, "step += 1"))
        if self.chance(0.15):  # wrap everything in try/except
            self.emit(indent, "try:")
            for s in stmts:
                s(indent + 1)
            self.emit(indent, "except RuntimeError as err:")
            self.emit(indent + 1, self.pick(["raise", "print(err)", "continue"]))
        else:
            for s in stmts:
                s(indent)

    def training_function(self, indent: int, events: bool, method: bool) -> None:
        is_async = self.chance(0.15)
        names = {
            "opt": self.pick([o for o in OPTIMIZERS if o.startswith("self.") == method] or OPTIMIZERS),
            "model": self.pick([m for m in MODELS if m.startswith("self.") == method] or MODELS),
            "loss": self.pick(LOSSES),
            "scaler": self.pick([s for s in SCALERS if s.startswith("self.") == method] or SCALERS),
            "sched": self.pick([s for s in SCHEDULERS if s.startswith("self.") == method] or SCHEDULERS),
        }
        loader = self.pick(LOADERS)
        self.decorators(indent)
        fname = self.pick(["train", "fit", "train_one_epoch", "_run", "loop", "train_step_all"])
        params = "self, " if method else ""
        hints = self.chance(0.5)
        args = "model: nn.Module, optimizer: 'optim.Optimizer', loader, epochs: int = 3" if hints else "model, optimizer, loader, epochs=3"
        ret = " -> None" if hints else ""
        self.emit(indent, f"{'async ' if is_async else ''}def {fname}({params}{args}){ret}:")
        if self.chance(0.3):
            self.emit(indent + 1, '"""Train. Calls backward(); see zero_grad docs."""')
        self.emit(indent + 1, "step = 0")
        inner = indent + 1
        if self.chance(0.5):
            self.emit(inner, self.pick(["for epoch in range(epochs):", "while epoch < epochs:", "for epoch in tqdm(range(epochs)):"]))
            inner += 1
            if "while" in self.lines[-1]:
                self.emit(inner, "epoch += 1")
        header, inp = self.loop_header(inner, loader, is_async)
        names["header"], names["inp"] = header, inp
        self.emit(inner, header)
        if self.chance(0.2):
            self.emit(inner + 1, "with torch.enable_grad():")
            self.body(inner + 2, names, events, is_async)
        else:
            self.body(inner + 1, names, events, is_async)
        if self.chance(0.2):
            self.emit(inner, "else:")
            self.emit(inner + 1, "pass")
        if self.chance(0.3):
            self.emit(indent + 1, f"return {self.pick(['step', 'None', 'locals()', '(yield_result := step)'])}")

    def module(self, events: bool) -> str:
        self.header()
        for _ in range(self.r.randint(1, 3)):
            choice = self.r.randint(0, 3)
            if choice == 0:
                self.lines.append(f"class Trainer{self.r.randint(0, 99)}:")
                if self.chance(0.5):
                    self.lines.append("    lr: float = 1e-3")
                self.training_function(1, events, method=True)
            elif choice == 1 and events:
                self.training_function(0, events, method=False)
            else:
                self.training_function(0, events, method=False)
            self.lines.append("")
        if self.chance(0.3):
            self.lines.append("if __name__ == '__main__':")
            self.lines.append("    train(model, optimizer, loader)")
        text = "\n".join(self.lines)
        return text + ("\n" if self.chance(0.9) else "")


def generate(seed: int) -> tuple[str, bool]:
    r = random.Random(seed)
    events = r.random() < 0.8
    return _Gen(seed).module(events), events


if __name__ == "__main__":  # print one program: python tests/fuzz/loopgen.py SEED
    import sys

    print(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0)[0])
