import argparse

import torch
import torch.nn.functional as F
from torch import nn


class CNNMnist(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 8, 5)
        self.fc = nn.Linear(8 * 24 * 24, 10)

    def forward(self, x):
        return F.log_softmax(self.fc(F.relu(self.conv(x)).flatten(1)), dim=1)


class MLP(nn.Module):
    def __init__(self, dim_in, dim_hidden, dim_out):
        super().__init__()
        self.layer_input = nn.Linear(dim_in, dim_hidden)
        self.layer_hidden = nn.Linear(dim_hidden, dim_out)
        self.softmax = nn.Softmax(dim=1)

    def forward(self, x):
        x = F.relu(self.layer_input(x.flatten(1)))
        return self.softmax(self.layer_hidden(x))


def main(loader):
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="mlp")
    args = parser.parse_args()
    if args.model == "cnn":
        global_model = CNNMnist()
    elif args.model == "mlp":
        global_model = MLP(dim_in=784, dim_hidden=64, dim_out=10)
    else:
        raise SystemExit("unknown model")
    optimizer = torch.optim.SGD(global_model.parameters(), lr=0.01, momentum=0.5)
    criterion = nn.NLLLoss()
    for epoch in range(10):
        for images, labels in loader:
            optimizer.zero_grad()
            loss = criterion(global_model(images), labels)
            loss.backward()
            optimizer.step()
