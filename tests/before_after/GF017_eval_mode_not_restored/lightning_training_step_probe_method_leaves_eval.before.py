import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tagger(pl.LightningModule):
    def __init__(self, vocab, tags):
        super().__init__()
        self.tagger = nn.Sequential(nn.Embedding(vocab, 64), nn.Dropout(0.3), nn.Linear(64, tags))
        self.probe_batch = None

    def sample_accuracy(self, tokens, labels):
        self.tagger.eval()
        with torch.no_grad():
            return (self.tagger(tokens).argmax(-1) == labels).float().mean()

    def training_step(self, batch, batch_idx):
        tokens, labels = batch
        logits = self.tagger(tokens)
        if batch_idx % 200 == 0:
            self.log("sample_acc", self.sample_accuracy(tokens, labels))
        loss = F.cross_entropy(logits.flatten(0, 1), labels.flatten())
        self.log("train_loss", loss)
        return {"loss": loss}

    def configure_optimizers(self):
        optimizer = torch.optim.Adam(self.parameters(), lr=1e-3)
        scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
        return [optimizer], [scheduler]
