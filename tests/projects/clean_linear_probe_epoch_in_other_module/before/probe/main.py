import torch

from probe.engine import evaluate, train_one_epoch


def main(model, train_loader, val_loader, epochs):
    optimizer = torch.optim.SGD(model.fc.parameters(), lr=0.1)
    for epoch in range(epochs):
        train_one_epoch(model, train_loader, optimizer)
        print(epoch, evaluate(model, val_loader))
