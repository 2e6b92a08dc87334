# Correct: timm's loss scaler steps when `need_update` is true, and the loop clears then too
# (the loss divided by the window, the last batch closing the last window).
import torch
from timm.utils import NativeScaler


def train(model, loader, optimizer, accum):
    loss_scaler = NativeScaler()
    for i, (x, y) in enumerate(loader):
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(x), y) / accum
        need_update = (i + 1) % accum == 0 or i + 1 == len(loader)
        loss_scaler(loss, optimizer, need_update=need_update)
        if need_update:
            optimizer.zero_grad()
