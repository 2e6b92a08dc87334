import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer, accum):
        self.model = model
        self.optimizer = optimizer
        self.accum = accum

    def train_epoch(self, loader):
        for it, (data, labels) in enumerate(loader):
            if it % self.accum == 0:
                self.optimizer.zero_grad(set_to_none=True)
            loss = F.cross_entropy(self.model(data), labels) / self.accum
            loss.backward()
            if it % self.accum == 0:
                self.optimizer.step()
