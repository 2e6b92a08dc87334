import torch
from torch import nn


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
        self.best_acc = float("-inf")

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.loader:
                self.optimizer.zero_grad()
                logits = self.model(x)
                loss = nn.functional.cross_entropy(logits, y)
                loss.backward()
                self.optimizer.step()
                batch_acc = (logits.argmax(1) == y).float().mean()
                self.best_acc = max(self.best_acc, batch_acc)
            print(f"epoch {epoch}: best batch accuracy {self.best_acc:.2f}")


loader = [(torch.randn(8, 5), torch.randint(0, 3, (8,))) for _ in range(5)]
Trainer(nn.Linear(5, 3), loader).fit(2)
