import lightning.pytorch as L
import torch
from torch.utils.data import DataLoader, TensorDataset

NUM_EPOCHS = 8
TRAIN = DataLoader(TensorDataset(torch.randn(256, 6), torch.randn(256, 2)), batch_size=32, shuffle=True)


class Forecaster(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(6, 2)

    def training_step(self, batch, batch_idx):
        inputs, targets = batch
        return torch.nn.functional.l1_loss(self.proj(inputs), targets)

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=1e-3)
        cosine = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=len(TRAIN) * NUM_EPOCHS, eta_min=1e-5)
        return {"optimizer": optimizer, "lr_scheduler": {"scheduler": cosine, "interval": "epoch", "name": "cosine"}}


if __name__ == "__main__":
    L.Trainer(max_epochs=NUM_EPOCHS, accelerator="cpu", logger=False).fit(Forecaster(), TRAIN)
