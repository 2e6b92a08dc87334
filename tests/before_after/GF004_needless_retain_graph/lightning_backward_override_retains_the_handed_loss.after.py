import lightning.pytorch as L
import torch


class Denoiser(L.LightningModule):
    def __init__(self, net, noise=0.1):
        super().__init__()
        self.net = net
        self.noise = noise

    def training_step(self, batch, batch_idx):
        clean = batch
        noisy = clean + self.noise * torch.randn_like(clean)
        return torch.nn.functional.l1_loss(self.net(noisy), clean)

    def backward(self, batch_loss):
        batch_loss.backward()

    def configure_optimizers(self):
        return torch.optim.Adam(self.net.parameters(), lr=2e-4)
