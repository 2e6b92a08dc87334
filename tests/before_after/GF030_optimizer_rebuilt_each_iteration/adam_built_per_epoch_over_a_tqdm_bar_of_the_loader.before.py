import torch
import torch.nn as nn
from tqdm import tqdm


def train(model, loader, epochs=5):
    for epoch in range(epochs):
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        bar = tqdm(loader, total=len(loader), desc=f"epoch {epoch}")
        for x, y in bar:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            bar.set_postfix(loss=loss.item())
        bar.close()
    return model
