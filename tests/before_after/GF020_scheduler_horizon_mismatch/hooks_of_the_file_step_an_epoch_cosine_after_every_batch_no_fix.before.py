"""A trainer dispatching hooks of this file after every batch: the schedule hook steps a cosine
schedule whose horizon counts epochs (`T_max=EPOCHS`) once per batch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

EPOCHS = 5


class BatchHook:
    def after_batch(self, trainer):
        pass


class CosineHook(BatchHook):
    def __init__(self, cosine):
        self.cosine = cosine

    def after_batch(self, trainer):
        self.cosine.step()


class LossHook(BatchHook):
    def after_batch(self, trainer):
        trainer.losses.append(trainer.last)


class CosineEpochTrainer:
    def __init__(self, model, optimizer, loader, batch_hooks):
        self.model, self.optimizer, self.loader = model, optimizer, loader
        self.batch_hooks = batch_hooks
        self.losses = []
        self.last = 0.0

    def train(self, epochs):
        for _ in range(epochs):
            for x, y in self.loader:
                self.optimizer.zero_grad(set_to_none=True)
                loss = F.cross_entropy(self.model(x), y)
                loss.backward()
                self.optimizer.step()
                self.last = loss.item()
                for hook in self.batch_hooks:
                    hook.after_batch(self)


model = nn.Linear(6, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
cosine = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)
loader = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(8)]
CosineEpochTrainer(model, optimizer, loader, [CosineHook(cosine), LossHook()]).train(EPOCHS)
