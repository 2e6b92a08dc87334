"""Buggy: a class-based trainer holding timm's NativeScaler in an attribute under a name that
says nothing of scaling (`self.amp`), called once per batch; nothing clears the gradients, so
each step applies the sum of every gradient so far (GF001). The hand fix is
timm_native_scaler.py (same model, data, optimizer and clipping; it clears first).

How timm is loaded without torchvision, and the output contract: see timm_native_scaler.py.
"""

import hashlib
import importlib
import importlib.util
import json
import sys
import types
from pathlib import Path

import torch
from torch.utils.data import DataLoader, TensorDataset

try:
    from timm.utils import NativeScaler
except ImportError:  # no torchvision: see the module docstring
    for name in [n for n in sys.modules if n == "timm" or n.startswith("timm.")]:
        del sys.modules[name]
    _root = Path(importlib.util.find_spec("timm").origin).parent
    for _package in ("timm", "timm.utils"):
        _shell = types.ModuleType(_package)
        _shell.__path__ = [str(_root.joinpath(*_package.split(".")[1:]))]
        sys.modules[_package] = _shell
    NativeScaler = importlib.import_module("timm.utils.cuda").NativeScaler

torch.manual_seed(0)
torch.set_num_threads(1)


def build_loader():
    inputs = torch.randn(64, 10)
    targets = inputs @ torch.randn(10, 1) + 0.1 * torch.randn(64, 1)
    return DataLoader(TensorDataset(inputs, targets), batch_size=4, shuffle=False)


def digest(model):
    sha = hashlib.sha256()
    for tensor in model.parameters():
        sha.update(tensor.detach().to(torch.float32).contiguous().numpy().tobytes())
    return sha.hexdigest()


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
        self.amp = NativeScaler(device="cpu")
        self.losses = []

    def fit(self, loader):
        batches = iter(loader)
        remaining = len(loader)
        while remaining > 0:
            inputs, targets = next(batches)
            loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
            self.amp(loss, self.optimizer, clip_grad=1.0, parameters=self.model.parameters())
            self.losses.append(loss.item())
            remaining -= 1


def main():
    trainer = Trainer(torch.nn.Linear(10, 1))
    trainer.fit(build_loader())
    print(json.dumps({"losses": trainer.losses, "weights_sha256": digest(trainer.model), "extra": {}}))


if __name__ == "__main__":
    main()
