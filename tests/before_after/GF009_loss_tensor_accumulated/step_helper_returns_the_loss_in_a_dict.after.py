import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.history = []

    def train_step(self, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        logits = self.model(x)
        loss = F.cross_entropy(logits, y)
        loss.backward()
        self.optimizer.step()
        return {"loss": loss, "accuracy": (logits.argmax(1) == y).float().mean().item()}

    def train_epoch(self, loader):
        for x, y in loader:
            out = self.train_step(x, y)
            self.history.append(out["loss"].detach())  # every step's graph stays alive in the history
