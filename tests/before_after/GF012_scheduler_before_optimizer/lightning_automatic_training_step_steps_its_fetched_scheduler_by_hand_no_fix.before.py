from lightning.pytorch import LightningModule, Trainer
from torch import nn, optim


class Captioner(LightningModule):
    def __init__(self, vocab=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, 32)
        self.out = nn.Linear(32, vocab)

    def training_step(self, batch, batch_idx):
        tokens, targets = batch
        schedule = self.lr_schedulers()
        logits = self.out(self.embed(tokens))
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), targets.flatten())
        schedule.step()
        self.log("lr", schedule.get_last_lr()[0])
        return loss

    def configure_optimizers(self):
        adam = optim.Adam(self.parameters(), lr=5e-4)
        return [adam], [optim.lr_scheduler.StepLR(adam, step_size=100, gamma=0.5)]


def train(loader):
    Trainer(max_steps=1000).fit(Captioner(), loader)
