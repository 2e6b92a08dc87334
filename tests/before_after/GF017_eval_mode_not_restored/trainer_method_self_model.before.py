import torch


class Trainer:
    def __init__(self, model, train_loader, val_loader, lr=1e-3):
        self.model = model
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=lr)
        self.criterion = torch.nn.CrossEntropyLoss()

    def evaluate(self):
        self.model.eval()
        total = 0.0
        with torch.no_grad():
            for x, y in self.val_loader:
                total += self.criterion(self.model(x), y).item()
        return total

    def fit(self, epochs):
        self.model.train()
        for epoch in range(epochs):
            for x, y in self.train_loader:
                self.optimizer.zero_grad()
                loss = self.criterion(self.model(x), y)
                loss.backward()
                self.optimizer.step()
            val = self.evaluate()
            print(epoch, val)
