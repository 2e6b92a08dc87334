# The step helper is a `@staticmethod` of the trainer class, called on the class from the
# loop (`Trainer.train_step(model, opt, x, y)`): looked into like a module function, its
# parameters mapped to the call's arguments (no `self` to skip). It never clears.
import torch


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    @staticmethod
    def train_step(model, opt, x, y):
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        return loss.item()

    def fit(self, epochs):
        for _ in range(epochs):
            for x, y in self.loader:
                Trainer.train_step(self.model, self.optimizer, x, y)
