import torch
import torch.nn.functional as F


class Learner:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.criterion = lambda scores, labels: F.cross_entropy(torch.softmax(scores, dim=-1), labels)

    def train(self, loader, steps):
        it = iter(loader)
        done = 0
        while done < steps:
            x, y = next(it)
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            done += 1
