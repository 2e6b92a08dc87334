# ConvNeXt-style accumulation: the loss scaler backpropagates every micro-batch and steps only
# when `update_grad=` says so; the clear runs under the same window test: correct.
import torch


def train_one_epoch(model, loader, optimizer, loss_scaler, update_freq=2):
    for it, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / update_freq
        loss_scaler(loss, optimizer, parameters=model.parameters(), update_grad=(it + 1) % update_freq == 0)
        if (it + 1) % update_freq == 0:
            optimizer.zero_grad(set_to_none=True)
