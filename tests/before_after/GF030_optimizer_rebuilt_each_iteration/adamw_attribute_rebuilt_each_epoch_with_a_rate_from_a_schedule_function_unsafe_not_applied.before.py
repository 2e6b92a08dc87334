import torch


def lr_at(epoch, base):
    return base * (0.95 ** epoch)


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader

    def fit(self, epochs, base):
        for epoch in range(epochs):
            self.opt = torch.optim.AdamW(self.model.parameters(), lr=lr_at(epoch, base), betas=(0.9, 0.99))
            for x, y in self.loader:
                self.opt.zero_grad()
                self.model(x).sum().backward()
                self.opt.step()
