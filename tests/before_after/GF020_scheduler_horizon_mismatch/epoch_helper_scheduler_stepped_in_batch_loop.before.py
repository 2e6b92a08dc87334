import torch


def train_epoch(model, loader, optimizer, scheduler):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
        scheduler.step()


def main(model, loader, n_epochs):
    optimizer = torch.optim.Adam(model.parameters())
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=n_epochs)
    for epoch in range(n_epochs):
        train_epoch(model, loader, optimizer, scheduler)
