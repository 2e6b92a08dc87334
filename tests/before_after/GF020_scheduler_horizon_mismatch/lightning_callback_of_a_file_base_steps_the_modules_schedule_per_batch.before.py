from lightning.pytorch import Callback, LightningModule, Trainer
import torch
from torch import nn

NUM_EPOCHS = 40


class RateHook(Callback):
    """Shared by the file's callbacks."""


class DecayEveryBatch(RateHook):
    def on_train_batch_start(self, trainer, module, batch, batch_idx):
        schedule = module.lr_schedulers()
        schedule.step()


class Denoiser(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(32, 32), nn.SiLU(), nn.Linear(32, 32))

    def training_step(self, batch, batch_idx):
        noisy, clean = batch
        return nn.functional.mse_loss(self.net(noisy), clean)

    def configure_optimizers(self):
        adam = torch.optim.Adam(self.parameters(), lr=2e-4)
        return [adam], [torch.optim.lr_scheduler.StepLR(adam, step_size=NUM_EPOCHS // 4)]


if __name__ == "__main__":
    data = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(64, 32), torch.randn(64, 32)), batch_size=8)
    model = Denoiser()
    Trainer(max_epochs=NUM_EPOCHS, callbacks=[DecayEveryBatch()]).fit(model, data)
