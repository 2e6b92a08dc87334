import torch


class Runner:
    def __init__(self, model, loader, base):
        self.model = model
        self.loader = loader
        self.base = base
        self.epoch = 0

    def run(self, epochs):
        while self.epoch < epochs:
            self.opt = torch.optim.Adam(self.model.parameters(), lr=self.base * 0.9 ** self.epoch)
            for x, y in self.loader:
                self.opt.zero_grad()
                self.model(x).sum().backward()
                self.opt.step()
            self.epoch += 1
