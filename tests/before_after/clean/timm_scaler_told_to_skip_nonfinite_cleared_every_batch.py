# A scaler told to skip the update only on a non-finite loss (`need_update=` is no window), with a
# clear on every batch: each batch steps on its own gradients, nothing is meant to accumulate.
import torch
from timm.utils import NativeScaler


def fit(model, loader, optimizer):
    loss_scaler = NativeScaler()
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss_scaler(loss, optimizer, parameters=model.parameters(), need_update=bool(torch.isfinite(loss)))
