import torch
import torch.nn as nn
import torch.nn.functional as F


class Trainer:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.3), nn.ReLU())
        self.x = torch.randn(64, 8)
        self.y = torch.randint(0, 3, (64,))

    def train(self, epochs=20):
        optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.model.train()
        for epoch in range(epochs):
            optimizer.zero_grad()
            z1, z2 = self.model(self.x), self.model(self.x)
            loss = (F.normalize(z1) - F.normalize(z2)).pow(2).sum(1).mean()
            loss.backward()
            optimizer.step()
            if epoch % 10 == 0:
                acc = self.evaluate()
                self.model.train()
                print(epoch, acc)

    def evaluate(self):
        self.model.eval()
        emb = self.model(self.x).detach()
        clf = nn.Linear(emb.shape[1], 3)
        opt = torch.optim.Adam(clf.parameters(), lr=1e-2)
        for _ in range(100):
            clf.train()
            opt.zero_grad()
            loss = F.cross_entropy(clf(emb), self.y)
            loss.backward()
            opt.step()
        return (clf(emb).argmax(1) == self.y).float().mean().item()


if __name__ == "__main__":
    torch.manual_seed(0)
    Trainer().train()
