import lightning.pytorch as L
import torch
from lightning.pytorch.callbacks import GradientAccumulationScheduler, LearningRateMonitor
from torch import nn


class Tagger(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(100, 32)
        self.out = nn.Linear(32, 5)

    def training_step(self, batch, batch_idx):
        tokens, tags = batch
        logits = self.out(self.embed(tokens))
        return nn.functional.cross_entropy(logits.flatten(0, 1), tags.flatten()) / 2

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)


if __name__ == "__main__":
    loader = torch.utils.data.DataLoader(
        torch.utils.data.TensorDataset(torch.randint(0, 100, (64, 12)), torch.randint(0, 5, (64, 12))), batch_size=8
    )
    callbacks = [LearningRateMonitor(), GradientAccumulationScheduler({0: 2, 3: 4})]
    L.Trainer(max_epochs=6, callbacks=callbacks).fit(Tagger(), loader)
