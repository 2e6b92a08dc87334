import torch


def train_one_epoch(model, data_loader, optimizer, device, epoch, loss_scaler, accum_iter=4, max_norm=None):
    model.train(True)
    optimizer.zero_grad()
    for data_iter_step, (samples, targets) in enumerate(data_loader):
        samples = samples.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(samples), targets.to(device))
        loss /= accum_iter
        update = (data_iter_step + 1) % accum_iter == 0 or data_iter_step + 1 == len(data_loader)
        loss_scaler(loss, optimizer, clip_grad=max_norm, parameters=model.parameters(), need_update=update)
        if update:
            optimizer.zero_grad()
