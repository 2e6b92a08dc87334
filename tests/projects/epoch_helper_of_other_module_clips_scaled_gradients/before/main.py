import torch

from engine import train_one_epoch


def main(model, criterion, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loss_scaler = torch.amp.GradScaler("cuda")
    for epoch in range(epochs):
        train_one_epoch(model, criterion, loader, optimizer, loss_scaler)
