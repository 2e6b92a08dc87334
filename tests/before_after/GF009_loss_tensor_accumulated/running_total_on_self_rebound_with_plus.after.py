import torch


class Regressor:
    def __init__(self, width):
        self.net = torch.nn.Linear(width, 1)
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.1)
        self.epoch_loss = 0.0

    def fit_epoch(self, loader):
        self.epoch_loss = 0.0
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.net(x), y)
            loss.backward()
            self.optimizer.step()
            self.epoch_loss = self.epoch_loss + loss.detach()  # keeps every step's graph
        return float(self.epoch_loss) / len(loader)
