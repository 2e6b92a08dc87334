import torch


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader

    def make_opt(self, lr):
        return torch.optim.RMSprop(self.model.parameters(), lr=lr)

    def fit(self, epochs):
        for epoch in range(epochs):
            self.opt = self.make_opt(0.01 * 0.95 ** epoch)
            for x, y in self.loader:
                self.opt.zero_grad()
                self.model(x).sum().backward()
                self.opt.step()
