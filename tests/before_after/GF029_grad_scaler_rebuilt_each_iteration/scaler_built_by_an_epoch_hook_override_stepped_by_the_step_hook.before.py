import torch
from torch import nn


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def before_epoch(self, epoch):
        pass

    def step(self, batch):
        raise NotImplementedError

    def train(self):
        for epoch in range(self.epochs):
            self.before_epoch(epoch)
            for batch in self.loader:
                self.step(batch)


class MixedPrecisionTrainer(Trainer):
    def before_epoch(self, epoch):
        print(f"epoch {epoch}")
        self.grad_scaler = torch.cuda.amp.GradScaler()

    def step(self, batch):
        images, labels = batch
        self.optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(self.model(images), labels)
        self.grad_scaler.scale(loss).backward()
        self.grad_scaler.step(self.optimizer)
        self.grad_scaler.update()


MixedPrecisionTrainer(nn.Linear(8, 2).cuda(), [], 5).train()
