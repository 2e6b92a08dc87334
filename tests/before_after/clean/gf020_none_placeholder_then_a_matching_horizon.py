import torch
import torch.nn.functional as F


def fit(model, data, epochs, warm=False):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = None
    if not warm:
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    for epoch in range(epochs):
        for features, target in data:
            optimizer.zero_grad()
            F.mse_loss(model(features), target).backward()
            optimizer.step()
        if scheduler is not None:
            scheduler.step()
    return model
