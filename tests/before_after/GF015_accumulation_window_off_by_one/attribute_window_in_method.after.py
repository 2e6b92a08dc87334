import torch


class Learner:
    def __init__(self, model, accum):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.accum = accum

    def epoch(self, loader):
        for i, (x, y) in enumerate(loader):
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
            (loss / self.accum).backward()
            # step once per window
            if (i + 1) % self.accum == 0 or i + 1 == len(loader):
                self.optimizer.step()
                self.optimizer.zero_grad()
