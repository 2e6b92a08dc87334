import torch


class BaseTrainer:
    def __init__(self, model, lr=0.1):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)

    def train_step(self, batch):
        x, y = batch
        self.opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for batch in loader:
                self.train_step(batch)
