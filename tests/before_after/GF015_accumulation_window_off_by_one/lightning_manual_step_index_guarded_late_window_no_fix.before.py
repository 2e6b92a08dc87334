import lightning as L
import torch
import torch.nn.functional as F

ACCUMULATE = 8


class Decoder(L.LightningModule):
    """The batch index under another name, a module constant N, and a `> 0` guard: from index 0
    the first window closes at index N, holding N + 1 micro-batches (reported, no fix)."""

    def __init__(self, model):
        super().__init__()
        self.automatic_optimization = False
        self.model = model

    def training_step(self, batch, step):
        optimizer = self.optimizers()
        scheduler = self.lr_schedulers()
        loss = F.cross_entropy(self.model(batch["tokens"]), batch["labels"]) / ACCUMULATE
        self.manual_backward(loss)
        if step > 0 and step % ACCUMULATE == 0:
            optimizer.step()
            optimizer.zero_grad()
            scheduler.step()

    def configure_optimizers(self):
        optimizer = torch.optim.Adam(self.model.parameters(), lr=3e-4)
        return [optimizer], [torch.optim.lr_scheduler.StepLR(optimizer, 100)]
