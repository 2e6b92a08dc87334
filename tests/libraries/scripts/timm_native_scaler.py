"""Correct: a training loop that uses timm's NativeScaler for backward + step, and clears itself.

NativeScaler()(loss, optimizer) scales, backpropagates and steps, but does not clear, so the
loop calls optimizer.zero_grad() first: gradfix must report nothing here. 16 batches of a
10-feature regression, SGD lr 0.05.

`import timm.utils` needs torchvision (timm's package __init__ imports its layers); this
test environment has no torchvision, so the script then loads timm/utils/cuda.py from the
installed timm without the package __init__ (the NativeScaler that runs is timm's own).

Output contract (tests/behaviour/harness.py): one JSON line on stdout,
{"losses": [per batch], "weights_sha256": "...", "extra": {...}}.
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


def main():
    model = torch.nn.Linear(10, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    loss_scaler = NativeScaler(device="cpu")
    losses = []
    for inputs, targets in build_loader():
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(inputs), targets)
        loss_scaler(loss, optimizer, clip_grad=1.0, parameters=model.parameters())
        losses.append(loss.item())
    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {}}))


if __name__ == "__main__":
    main()
