import torch
import torch.nn as nn


class Runner:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        self.criterion = nn.CrossEntropyLoss()

    def epoch(self, loader, optimizer=None):
        if optimizer is None:
            self.model.eval()
        else:
            self.model.train()
        total = 0.0
        for x, y in loader:
            loss = self.criterion(self.model(x), y)
            if optimizer is not None:
                optimizer.zero_grad(set_to_none=True)
                loss.backward()
                optimizer.step()
            total += loss.item()
        return total

    def fit(self, train_loader, val_loader, epochs):
        for _ in range(epochs):
            self.epoch(train_loader, self.optimizer)
            self.epoch(val_loader)


runner = Runner(nn.Sequential(nn.Linear(6, 10), nn.Dropout(0.3), nn.Linear(10, 3)), 0.1)
batches = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(3)]
runner.fit(batches, batches, 2)
