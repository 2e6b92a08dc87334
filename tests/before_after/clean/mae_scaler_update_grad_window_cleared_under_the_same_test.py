import torch


class ScalerWithNorm:
    def __init__(self):
        self._scaler = torch.cuda.amp.GradScaler()

    def __call__(self, loss, optimizer, parameters=None, update_grad=True):
        self._scaler.scale(loss).backward()
        if update_grad:
            self._scaler.unscale_(optimizer)
            self._scaler.step(optimizer)
            self._scaler.update()


def train_one_epoch(model, loader, optimizer, accum_iter=4):
    loss_scaler = ScalerWithNorm()
    optimizer.zero_grad()
    for it, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum_iter
        loss_scaler(loss, optimizer, parameters=model.parameters(), update_grad=(it + 1) % accum_iter == 0)
        if (it + 1) % accum_iter == 0:
            optimizer.zero_grad()


def train_every_batch(model, loader, optimizer):
    loss_scaler = ScalerWithNorm()
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss_scaler(loss, optimizer, parameters=model.parameters(), update_grad=True)
