import pytorch_lightning as pl
import torch


class Tagger(pl.LightningModule):
    def __init__(self, encoder, head):
        super().__init__()
        self.encoder = encoder
        self.head = head

    def training_step(self, batch, batch_idx):
        tokens, tags = batch
        logits = self.head(self.encoder(tokens))
        return torch.nn.functional.cross_entropy(logits.flatten(0, 1), tags.flatten())

    def on_before_backward(self, loss):
        if torch.isfinite(loss):
            self.log("loss_before_backward", loss)
        torch.nn.utils.clip_grad_norm_(self.encoder.parameters(), max_norm=1.0)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)
