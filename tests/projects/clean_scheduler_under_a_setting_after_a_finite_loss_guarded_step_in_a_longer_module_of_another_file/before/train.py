import torch

from tracker.epoch import train_one_epoch


def main(model, loader, epochs, decay):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.87)
    for epoch in range(epochs):
        train_one_epoch(loader, model, optimizer)
        if decay:
            scheduler.step()
