import torch


class Trainer:
    def __init__(self, net, loader):
        self.net = net
        self.loader = loader
        self.params = filter(lambda p: p.requires_grad, net.parameters())

    def fit(self, epochs, lr):
        for epoch in range(epochs):
            self.optimizer = torch.optim.RMSprop(self.params, lr=lr / (1 + epoch))
            for x, y in self.loader:
                self.optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.net(x), y).backward()
                self.optimizer.step()
