import lightning as L
import torch


class Classifier(L.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.net(x), y)
        return loss / self.trainer.accumulate_grad_batches

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)
