# timm's accumulation: the scaler backpropagates every micro-batch and steps when told; the
# micro-batches that end no window leave with `continue` before the clear, so the clear runs at
# each window's end only: correct.
import torch
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, accum_steps=2):
    loss_scaler = NativeScaler()
    last = len(loader) - 1
    for idx, (x, y) in enumerate(loader):
        need_update = idx == last or (idx + 1) % accum_steps == 0
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum_steps
        loss_scaler(loss, optimizer, parameters=model.parameters(), need_update=need_update)
        if not need_update:
            continue
        optimizer.zero_grad(set_to_none=True)
