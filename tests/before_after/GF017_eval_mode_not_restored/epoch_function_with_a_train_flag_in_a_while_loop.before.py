import torch
import torch.nn as nn


def run(model, data, criterion, optimizer, train: bool = False):
    if not train:
        model.eval()
    for x, y in data:
        loss = criterion(model(x), y)
        if train:
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Linear(8, 2))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    criterion = nn.MSELoss()
    data = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(5)]
    epoch = 0
    while epoch < 3:
        run(model, data, criterion, optimizer, train=True)
        run(model, data, criterion, optimizer)
        epoch += 1


main()
