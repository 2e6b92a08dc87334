import torch

from engine import train_step


def main(model, loader, epochs=3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for batch in loader:
            train_step(model, optimizer, batch)
