import torch
import torch.nn.functional as F


def fit(model, data, epochs, use_cosine=True):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    scheduler = None
    if use_cosine:
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    for epoch in range(epochs):
        batches = iter(data)
        while True:
            try:
                features, target = next(batches)
            except StopIteration:
                break
            optimizer.zero_grad()
            F.mse_loss(model(features), target).backward()
            optimizer.step()
            scheduler.step()
    return model
