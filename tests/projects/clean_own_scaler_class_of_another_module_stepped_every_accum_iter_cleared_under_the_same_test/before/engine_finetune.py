import torch

from util.misc import ScalerWithGradNorm as NativeScaler


def train_one_epoch(model, data_loader, optimizer, device, accum_iter=2):
    loss_scaler = NativeScaler()
    optimizer.zero_grad()
    for data_iter_step, (samples, targets) in enumerate(data_loader):
        loss = torch.nn.functional.cross_entropy(model(samples.to(device)), targets.to(device))
        loss /= accum_iter
        update = (data_iter_step + 1) % accum_iter == 0 or data_iter_step + 1 == len(data_loader)
        loss_scaler(loss, optimizer, parameters=model.parameters(), update_grad=update)
        if update:
            optimizer.zero_grad()
