# The trainer's `__init__` builds the optimizer into a local name and stores it afterwards
# (`self.optimizer = optimizer`); `fit` evaluates after each epoch and never switches the
# network back, so every epoch after the first trains in eval mode. Fixed by `self.net.train()`
# at the start of each epoch.
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, net, loader, val_loader, epochs, lr=0.05):
        self.net = net
        optimizer = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=0.01)
        self.optimizer = optimizer
        self.loader = loader
        self.val_loader = val_loader
        self.epochs = epochs

    def fit(self):
        for epoch in range(self.epochs):
            self.net.train()
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = F.cross_entropy(self.net(x), y)
                loss.backward()
                self.optimizer.step()
            self.net.eval()
            with torch.no_grad():
                correct = sum((self.net(x).argmax(1) == y).sum().item() for x, y in self.val_loader)
            print(epoch, correct)
