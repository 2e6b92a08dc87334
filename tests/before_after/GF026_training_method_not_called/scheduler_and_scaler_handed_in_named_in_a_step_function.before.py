import torch


def train_step(model, optimizer, lr_sched, grad_scaler, batch):
    x, y = batch
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    grad_scaler.scale(loss).backward()
    grad_scaler.step(optimizer)
    grad_scaler.update
    lr_sched.step
    return loss.item()


def fit(model, optimizer, lr_sched, grad_scaler, loader, epochs):
    for epoch in range(epochs):
        for batch in loader:
            train_step(model, optimizer, lr_sched, grad_scaler, batch)
