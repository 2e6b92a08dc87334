# timm's scaler told when to step, and the optimizer cleared after every call: the clear after a
# micro-batch that ends no window wipes its gradient, so each step applies the window's last
# micro-batch only. Reported without a fix.
import torch
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, accum_iter=4):
    loss_scaler = NativeScaler()
    for it, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum_iter
        loss_scaler(loss, optimizer, parameters=model.parameters(), need_update=(it + 1) % accum_iter == 0)
        optimizer.zero_grad(set_to_none=True)
