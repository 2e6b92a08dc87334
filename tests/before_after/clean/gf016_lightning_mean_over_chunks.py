# Correct: the step averages the losses of CHUNKS pieces of its batch; that the Trainer also
# accumulates CHUNKS batches does not make the division Lightning's.
import pytorch_lightning as pl
import torch

CHUNKS = 4


class Chunked(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(5, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = 0.0
        for xc, yc in zip(x.chunk(CHUNKS), y.chunk(CHUNKS)):
            loss = loss + torch.nn.functional.mse_loss(self.head(xc), yc)
        return loss / CHUNKS

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def main(loader):
    pl.Trainer(max_epochs=2, accumulate_grad_batches=CHUNKS).fit(Chunked(), loader)
