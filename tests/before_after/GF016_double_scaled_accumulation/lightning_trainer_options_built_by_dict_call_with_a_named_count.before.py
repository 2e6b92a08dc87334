"""`Trainer(**trainer_kwargs)` with `trainer_kwargs = dict(accumulate_grad_batches=GRAD_ACCUM,
...)` at the top of the module: the `training_step` divides by `GRAD_ACCUM` too, twice in
all. The division goes."""
import lightning.pytorch as L
import torch
from torch import nn

GRAD_ACCUM = 4
trainer_kwargs = dict(max_steps=100, accumulate_grad_batches=GRAD_ACCUM, gradient_clip_val=1.0)


class Autoencoder(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.encode = nn.Linear(32, 8)
        self.decode = nn.Linear(8, 32)

    def training_step(self, batch, batch_idx):
        reconstruction = self.decode(torch.tanh(self.encode(batch)))
        return nn.functional.mse_loss(reconstruction, batch) / GRAD_ACCUM

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)


if __name__ == "__main__":
    L.Trainer(**trainer_kwargs).fit(Autoencoder(), torch.utils.data.DataLoader(torch.randn(64, 32), batch_size=8))
