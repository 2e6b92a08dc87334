"""GF017's Lightning hook readings (a module's own `on_train_batch_end`, a Callback's) and code
that switches the module back: read as code, in the file and in the files of the project a
Trainer may combine with it (tests/libraries/test_lightning.py::
test_callback_batch_start_train_switches_back_before_each_training_step: a Callback's
`on_train_batch_start` with `pl_module.train()` undoes the eval before every training step)."""

from __future__ import annotations

from pathlib import Path

from conftest import run_gradfix

MODEL = '''import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch import nn
{imports}

class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.mse_loss(self.net(x), y)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        if batch_idx % 10 == 0:
            self.eval()
            with torch.no_grad():
                self.log("probe", self.net(batch[0]).mean())

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
{main}'''

CALLBACK = '''import pytorch_lightning as pl


class BackToTrain(pl.Callback):
    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        {body}
'''

TRAIN = '''import pytorch_lightning as pl

from callbacks import BackToTrain
from model import Regressor


def main(loader):
    pl.Trainer(max_epochs=2, callbacks=[BackToTrain()]).fit(Regressor(), loader)
'''

OTHER_MODULE = '''import pytorch_lightning as pl
import torch
from torch import nn


class Other(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(3, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch[0]).pow(2).mean()

    def on_train_epoch_start(self):
        self.train()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
'''

MAIN = '''

def main(loader):
    pl.Trainer(max_epochs=2, callbacks=[BackToTrain()]).fit(Regressor(), loader)
'''


def _gf017(root: Path) -> list[str]:
    (root / "pyproject.toml").write_text("")
    result = run_gradfix("--no-cache", "--select", "GF017", ".", cwd=root)
    out = result.stdout if isinstance(result.stdout, str) else result.stdout.decode()
    return [line.split(" ")[0] for line in out.splitlines() if " GF017 " in line]


def test_a_callback_of_another_file_switching_back_silences_the_own_hook_reading(tmp_path: Path) -> None:
    (tmp_path / "callbacks.py").write_text(CALLBACK.format(body="pl_module.train()"))
    (tmp_path / "model.py").write_text(MODEL.format(imports="\nfrom callbacks import BackToTrain\n", main=MAIN))
    assert _gf017(tmp_path) == []


def test_a_callback_handed_in_by_a_third_file_silences_it_too(tmp_path: Path) -> None:
    (tmp_path / "callbacks.py").write_text(CALLBACK.format(body="pl_module.train()"))
    (tmp_path / "model.py").write_text(MODEL.format(imports="", main=""))
    (tmp_path / "train.py").write_text(TRAIN)
    assert _gf017(tmp_path) == []


def test_a_callback_of_another_file_that_does_not_switch_back_leaves_the_finding(tmp_path: Path) -> None:
    (tmp_path / "callbacks.py").write_text(CALLBACK.format(body='pl_module.log("step", float(batch_idx))'))
    (tmp_path / "model.py").write_text(MODEL.format(imports="", main=""))
    (tmp_path / "train.py").write_text(TRAIN)
    assert _gf017(tmp_path) == ["model.py:18:13:"]


def test_another_lightning_module_switching_itself_back_leaves_the_finding(tmp_path: Path) -> None:
    (tmp_path / "other.py").write_text(OTHER_MODULE)
    (tmp_path / "model.py").write_text(MODEL.format(imports="", main=""))
    (tmp_path / "train.py").write_text(TRAIN.replace("from callbacks import BackToTrain\n", "from other import Other\n").replace("callbacks=[BackToTrain()]", "callbacks=[]"))
    assert _gf017(tmp_path) == ["model.py:18:13:"]


def test_a_comment_or_a_string_saying_train_is_no_switch(tmp_path: Path) -> None:
    model = MODEL.format(imports="", main="").replace("            self.eval()\n", '            self.eval()  # self.train() later?\n            note = "model.train()"\n')
    (tmp_path / "model.py").write_text(model)
    assert _gf017(tmp_path) == ["model.py:18:13:"]
    (tmp_path / "model.py").write_text(model.replace('note = "model.train()"', "nn.Module.train(self)"))
    assert _gf017(tmp_path) == []  # the unbound method: it cannot be told apart, so silent
