import torch


def train_one_epoch(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def main(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    for epoch in range(epochs):
        lr_scheduler.step()
        train_one_epoch(model, loader, optimizer)
        evaluate(model)
