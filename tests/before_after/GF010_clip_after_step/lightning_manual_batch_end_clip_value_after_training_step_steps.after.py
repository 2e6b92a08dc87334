import lightning.pytorch as L
import torch


class Forecaster(L.LightningModule):
    def __init__(self, horizon=4):
        super().__init__()
        self.automatic_optimization = False
        self.rnn = torch.nn.GRU(3, 16, batch_first=True)
        self.head = torch.nn.Linear(16, horizon)

    def training_step(self, batch, batch_idx):
        series, target = batch
        opt = self.optimizers()
        opt.zero_grad()
        out, _ = self.rnn(series)
        loss = torch.nn.functional.l1_loss(self.head(out[:, -1]), target)
        self.manual_backward(loss)
        opt.step()

    def on_before_optimizer_step(self, optimizer):
        torch.nn.utils.clip_grad_value_(self.parameters(), clip_value=0.5)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)
