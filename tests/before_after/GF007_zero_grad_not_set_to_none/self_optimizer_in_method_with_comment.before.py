import torch


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def train_epoch(self, loader):
        self.model.train()
        for step, (x, y) in enumerate(loader):
            # reset the gradients of the previous step
            self.optimizer.zero_grad()  # keep me
            out = self.model(x)
            loss = torch.nn.functional.cross_entropy(out, y)
            loss.backward()
            self.optimizer.step()
