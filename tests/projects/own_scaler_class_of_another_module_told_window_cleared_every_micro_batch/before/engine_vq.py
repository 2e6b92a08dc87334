import torch

from util.misc import ScalerWithNorm as NativeScaler


def train_one_epoch(model, data_loader, optimizer, accum_iter):
    loss_scaler = NativeScaler()
    for data_iter_step, (samples, targets) in enumerate(data_loader):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(samples), targets)
        loss_scaler(loss, optimizer, parameters=model.parameters(), update_grad=(data_iter_step + 1) % accum_iter == 0)
