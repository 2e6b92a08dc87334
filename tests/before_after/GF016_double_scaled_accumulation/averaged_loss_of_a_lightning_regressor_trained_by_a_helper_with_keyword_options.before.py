import pytorch_lightning as pl
import torch

GRAD_ACCUMULATION = 8


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(3, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))

    def training_step(self, batch, idx):
        inputs, targets = batch
        err = torch.nn.functional.mse_loss(self.body(inputs), targets)
        self.log("err", err)
        out = err / GRAD_ACCUMULATION
        return out

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def train(lit, loader, **options):
    options.setdefault("max_steps", 50)
    options.setdefault("enable_progress_bar", False)
    pl.Trainer(**options).fit(lit, loader)


if __name__ == "__main__":
    regressor = Regressor()
    batches = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(64, 3), torch.randn(64, 1)), batch_size=8)
    train(regressor, batches, accumulate_grad_batches=GRAD_ACCUMULATION, accelerator="cpu")
