import torch


def train_one_epoch(model, data_loader, optimizer, loss_scaler):
    for samples, targets in data_loader:
        loss = torch.nn.functional.cross_entropy(model(samples), targets)
        loss_scaler(loss, optimizer, parameters=model.parameters())
