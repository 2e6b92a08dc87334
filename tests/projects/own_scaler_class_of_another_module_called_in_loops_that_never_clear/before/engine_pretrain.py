import torch

from util.misc import ScalerWithGradNorm as NativeScaler


def train_one_epoch(model, data_loader, optimizer, device):
    loss_scaler = NativeScaler()
    for step, (samples, targets) in enumerate(data_loader):
        loss = torch.nn.functional.mse_loss(model(samples.to(device)), targets.to(device))
        loss_scaler(loss, optimizer, parameters=model.parameters())
