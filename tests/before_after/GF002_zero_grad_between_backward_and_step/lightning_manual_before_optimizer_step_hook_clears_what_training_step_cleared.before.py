import lightning.pytorch as L
import torch
import torch.nn.functional as F


class Denoiser(L.LightningModule):
    def __init__(self, width=32):
        super().__init__()
        self.automatic_optimization = False
        self.encoder = torch.nn.Linear(width, width // 2)
        self.decoder = torch.nn.Linear(width // 2, width)

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        optimizer.zero_grad(set_to_none=True)
        noisy = batch + 0.1 * torch.randn_like(batch)
        loss = F.mse_loss(self.decoder(self.encoder(noisy)), batch)
        self.manual_backward(loss)
        optimizer.step()
        self.log("train/loss", loss)

    def on_before_optimizer_step(self, optimizer):
        optimizer.zero_grad()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
