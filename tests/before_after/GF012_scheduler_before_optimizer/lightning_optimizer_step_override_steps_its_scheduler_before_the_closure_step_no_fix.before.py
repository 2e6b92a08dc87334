import lightning.pytorch as L
import torch


class Forecaster(L.LightningModule):
    def __init__(self, horizon):
        super().__init__()
        self.rnn = torch.nn.GRU(8, 32, batch_first=True)
        self.head = torch.nn.Linear(32, horizon)

    def training_step(self, batch, batch_idx):
        series, target = batch
        out, _ = self.rnn(series)
        return torch.nn.functional.mse_loss(self.head(out[:, -1]), target)

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None):
        self.lr_schedulers().step()
        optimizer.step(closure=optimizer_closure)

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.parameters(), lr=1e-3)
        return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.StepLR(opt, step_size=100)}
