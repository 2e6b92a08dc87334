from types import SimpleNamespace

import lightning as L
import torch

cfg = SimpleNamespace(lr=1e-3, grad_accum=4, epochs=3)


class Tagger(L.LightningModule):
    def __init__(self, vocab, classes):
        super().__init__()
        self.embed = torch.nn.EmbeddingBag(vocab, 64)
        self.out = torch.nn.Linear(64, classes)

    def training_step(self, batch, batch_idx):
        tokens, labels = batch
        return torch.nn.functional.cross_entropy(self.out(self.embed(tokens)), labels) / cfg.grad_accum

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=cfg.lr)


if __name__ == "__main__":
    trainer = L.Trainer(max_epochs=cfg.epochs, accumulate_grad_batches=cfg.grad_accum)
    trainer.fit(Tagger(1000, 5), torch.utils.data.DataLoader([]))
