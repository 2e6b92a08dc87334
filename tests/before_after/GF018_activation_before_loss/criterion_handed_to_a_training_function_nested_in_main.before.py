import torch
from torch import nn


def main(epochs=2):
    net = nn.Sequential(nn.Linear(6, 10), nn.ReLU(), nn.Linear(10, 4))
    sgd = torch.optim.SGD(net.parameters(), lr=0.05)
    batches = [(torch.randn(5, 6), torch.randint(0, 4, (5,))) for _ in range(6)]
    loss_fn = nn.CrossEntropyLoss()

    def train_epoch(model, optimizer, data, criterion):
        for inputs, labels in data:
            optimizer.zero_grad()
            probs = torch.softmax(model(inputs), dim=-1)
            loss = criterion(probs, labels)
            loss.backward()
            optimizer.step()

    for _ in range(epochs):
        train_epoch(net, sgd, batches, loss_fn)
