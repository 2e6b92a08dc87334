import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.frozen_opt = torch.optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.1)

    def fit(self, loader):
        for x, y in loader:
            self.model.zero_grad()
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()


def train(net, loader):
    optimizer = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=0.1)
    for x, y in loader:
        net.zero_grad()
        torch.nn.functional.mse_loss(net(x), y).backward()
        optimizer.step()
