import torch
import torch.nn as nn


def train_epoch(encoder, regressor, data, optimizer, epoch):
    total = 0.0
    for step, (x, t) in enumerate(data):
        if t.isnan().any():
            continue
        regressor.zero_grad(set_to_none=True)
        loss = nn.functional.l1_loss(regressor(encoder(x)), t)
        loss.backward()
        optimizer.step()
        total += loss.item()
    return total


if __name__ == "__main__":
    encoder, regressor = nn.Linear(4, 4), nn.Linear(4, 1)
    adam = torch.optim.Adam(list(encoder.parameters()) + list(regressor.parameters()))
    for epoch in range(3):
        train_epoch(encoder, regressor, [], adam, epoch)
