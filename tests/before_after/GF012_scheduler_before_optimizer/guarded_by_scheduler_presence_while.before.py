import torch


def train(model, batches, steps, scheduler=None):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    if scheduler is None:
        scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.99)
    step = 0
    while step < steps:
        x, y = next(batches)
        if scheduler is not None:
            scheduler.step()
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        step += 1
