import torch

import utility


class Trainer:
    """EDSR's layout: `main.py` runs `while not t.terminate(): t.train(); t.test()`."""

    def __init__(self, args, loader, model, loss):
        self.loader_train = loader.loader_train
        self.model = model
        self.loss = loss
        self.optimizer = utility.make_optimizer(args, self.model)
        self.scheduler = utility.make_scheduler(args, self.optimizer)

    def train(self):
        self.scheduler.step()
        self.loss.step()
        epoch = self.scheduler.last_epoch + 1
        lr = self.scheduler.get_last_lr()[0]
        print(f"[Epoch {epoch}]\tLearning rate: {lr:.2e}")
        self.model.train()
        for batch, (lr_img, hr_img, _) in enumerate(self.loader_train):
            self.optimizer.zero_grad()
            loss = self.loss(self.model(lr_img), hr_img)
            loss.backward()
            self.optimizer.step()

    def test(self):
        self.model.eval()
        with torch.no_grad():
            pass


def train_epoch(model, loader, optimizer, scheduler, criterion):
    scheduler.step()
    model.train()
    for inputs, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        criterion(model(inputs), targets).backward()
        optimizer.step()
