import pytorch_lightning as pl
import torch
import torch.nn.functional as F


class Measured(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.mlp = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.mse_loss(self.mlp(x), y)
        norm = torch.nn.utils.clip_grad_norm_(self.parameters(), float("inf"))
        self.log("grad_norm_before", norm)
        return loss

    def on_before_optimizer_step(self, optimizer):
        torch.nn.utils.clip_grad_norm_(self.parameters(), 1.0)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


class Plain(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(10, 1)

    def training_step(self, batch, optimizer):
        x, y = batch
        optimizer.zero_grad(set_to_none=True)
        F.mse_loss(self.fc(x), y).backward()
        torch.nn.utils.clip_grad_norm_(self.parameters(), 1.0)
        optimizer.step()
