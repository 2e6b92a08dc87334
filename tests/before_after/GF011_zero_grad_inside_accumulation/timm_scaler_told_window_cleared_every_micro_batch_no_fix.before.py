# timm's loss scaler told when to step: `need_update=` is true on every `accum_iter`-th
# micro-batch only, but the optimizer is cleared on every micro-batch before the call: each
# clear wipes what the window's earlier micro-batches backpropagated. Reported without a fix.
import torch
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, accum_iter=4):
    loss_scaler = NativeScaler()
    model.train()
    for it, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum_iter
        loss_scaler(loss, optimizer, parameters=model.parameters(), need_update=(it + 1) % accum_iter == 0)
