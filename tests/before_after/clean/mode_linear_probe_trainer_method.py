import torch


class LinearProbe:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.optimizer = torch.optim.SGD(self.model.fc.parameters(), lr=0.1)

    def train_epoch(self):
        self.model.eval()  # frozen backbone: keep the batch-norm statistics
        for x, y in self.loader:
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()

    def fit(self):
        for epoch in range(self.epochs):
            self.train_epoch()
