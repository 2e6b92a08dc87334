import torch
import torch.nn.functional as F
from pytorch_lightning import LightningModule


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(3, 1)

    def objectives(self, batch):
        inputs, targets = batch
        preds = self.body(inputs)
        return {"fit": F.mse_loss(preds, targets), "smooth": preds.diff(dim=0).abs().mean()}

    def training_step(self, batch, batch_idx):
        optim = self.optimizers()
        optim.zero_grad()
        for value in self.objectives(batch).values():
            self.manual_backward(value, retain_graph=True)
        optim.step()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-2)


class Classifier(LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(3, 2)

    def training_step(self, batch, batch_idx):
        optim = self.optimizers()
        optim.zero_grad()
        inputs, labels = batch
        logits = self.body(inputs)
        for term in (F.cross_entropy(logits, labels), 0.1 * logits.pow(2).mean()):
            self.manual_backward(term, retain_graph=True)
        optim.step()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-2)
