import pytorch_lightning as pl
import torch


class TwoTower(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.query = torch.nn.Linear(16, 8)
        self.doc = torch.nn.Linear(16, 8)

    def training_step(self, batch, batch_idx):
        q, d = batch
        scores = self.query(q) @ self.doc(d).T
        loss = torch.nn.functional.cross_entropy(scores, torch.arange(len(q)))
        self.manual_backward(loss)
        self.optimizers().step()
        return loss

    def on_after_backward(self):
        self.zero_grad()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)
