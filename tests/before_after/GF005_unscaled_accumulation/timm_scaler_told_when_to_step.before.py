# timm's accumulation: the loss scaler backpropagates every micro-batch and steps only when
# told (`need_update=`); `if not need_update: continue` ends the other micro-batches before the
# clear. The loss is never divided by the window's size: each step applies the sum.
import torch
import torch.nn.functional as F
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, loss_scaler, accum_steps=4):
    model.train()
    last = len(loader) - 1
    for batch_idx, (inputs, target) in enumerate(loader):
        need_update = (batch_idx + 1) % accum_steps == 0 or batch_idx == last
        loss = F.cross_entropy(model(inputs), target)
        loss_scaler(loss, optimizer, clip_grad=1.0, parameters=model.parameters(), need_update=need_update)
        if not need_update:
            continue
        optimizer.zero_grad()


model = torch.nn.Linear(8, 3)
train_one_epoch(model, [(torch.randn(4, 8), torch.randint(0, 3, (4,)))] * 6, torch.optim.SGD(model.parameters(), lr=0.1), NativeScaler())
