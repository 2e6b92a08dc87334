import torch.nn.functional as F
from timm.utils import NativeScaler


def train_one_epoch(model, loader, optimizer, accum_iter=4):
    loss_scaler = NativeScaler()
    model.train()
    for step, (images, target) in enumerate(loader):
        loss = F.cross_entropy(model(images), target) / accum_iter
        update_now = (step + 1) % accum_iter == 0
        loss_scaler(loss, optimizer, clip_grad=1.0, parameters=model.parameters(), need_update=update_now)
        if update_now:
            optimizer.zero_grad(set_to_none=True)
