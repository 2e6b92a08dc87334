import pytorch_lightning as pl
import torch
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingLR, StepLR

EPOCHS = 30


class Segmenter(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 2, 1))

    def training_step(self, batch, batch_idx):
        image, mask = batch
        return nn.functional.cross_entropy(self.encoder(image), mask)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        # warm the rate along the batches
        self.lr_schedulers().step()

    def configure_optimizers(self):
        sgd = torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)
        cosine = CosineAnnealingLR(sgd, T_max=self.trainer.max_epochs)
        return {"optimizer": sgd, "lr_scheduler": cosine}


class Tagger(pl.LightningModule):
    def __init__(self, vocab: int = 100):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, 16)
        self.out = nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        tokens, labels = batch
        return nn.functional.cross_entropy(self.out(self.embed(tokens)), labels)

    def on_train_batch_start(self, batch, batch_idx):
        schedule = self.lr_schedulers()
        schedule.step()

    def configure_optimizers(self):
        adam = torch.optim.Adam(self.parameters(), lr=1e-3)
        return [adam], [StepLR(adam, step_size=EPOCHS // 3)]


def fit(loader):
    for module in (Segmenter(), Tagger()):
        pl.Trainer(max_epochs=EPOCHS).fit(module, loader)
