import torch
import torch.nn as nn
import torch.optim as optim


class Mixer:
    def __init__(self, hidden):
        self.aux = nn.Sequential(nn.Linear(3, hidden), nn.Dropout(0.5), nn.Linear(hidden, 3))

    def train_test(self, folds, epochs):
        criterion = nn.CrossEntropyLoss()
        for train_set in folds:
            self.train_aux(train_set)  # leaves `self.aux` in eval: it only builds inputs from here on
            model = nn.Linear(3, 2)
            optimizer = optim.Adam(model.parameters(), lr=0.1)
            for epoch in range(epochs):
                model.train()
                for x, y in train_set:
                    optimizer.zero_grad()
                    loss = criterion(model(self.mix(x)), y)
                    loss.backward()
                    optimizer.step()

    def mix(self, x):
        h = self.aux[:2](x).detach()
        return 0.5 * x + 0.5 * (torch.softmax(h @ h.t(), dim=1) @ x)

    def train_aux(self, train_set):
        optimizer = optim.Adam(self.aux.parameters(), lr=0.1)
        for epoch in range(3):
            self.aux.train()
            for x, _ in train_set:
                optimizer.zero_grad()
                loss = (self.aux(x) - x).pow(2).mean()
                loss.backward()
                optimizer.step()
        self.aux.eval()
