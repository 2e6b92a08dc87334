import lightning.pytorch as L
import torch
from torch import nn

from shared import TaggingSteps


class Tagger(TaggingSteps, L.LightningModule):
    def __init__(self, accum_steps=4):
        super().__init__()
        self.save_hyperparameters()
        self.automatic_optimization = False
        self.embed = nn.Embedding(100, 16)
        self.head = nn.Linear(16, 5)

    def forward(self, tokens):
        return self.head(self.embed(tokens))

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        loss, counts = self._tagged_step(batch)
        self.manual_backward(loss)
        if (batch_idx + 1) % self.hparams.accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        self.log("tokens", counts["tokens"])
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)
