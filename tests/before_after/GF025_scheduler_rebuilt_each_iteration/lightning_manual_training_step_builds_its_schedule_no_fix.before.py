import lightning as L
import torch
from torch.optim.lr_scheduler import OneCycleLR, StepLR


class TwoStage(L.LightningModule):
    def __init__(self, encoder, decoder):
        super().__init__()
        self.automatic_optimization = False
        self.encoder = encoder
        self.decoder = decoder

    def training_step(self, batch, batch_idx):
        enc_opt, dec_opt = self.optimizers()
        decay = OneCycleLR(dec_opt, max_lr=0.05, total_steps=1000)
        recon = self.decoder(self.encoder(batch))
        loss = torch.nn.functional.l1_loss(recon, batch)
        enc_opt.zero_grad()
        dec_opt.zero_grad()
        self.manual_backward(loss)
        enc_opt.step()
        dec_opt.step()
        decay.step()
        return loss

    def configure_optimizers(self):
        return [
            torch.optim.Adam(self.encoder.parameters(), lr=1e-3),
            torch.optim.SGD(self.decoder.parameters(), lr=0.05, momentum=0.9),
        ]


class Single(L.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.automatic_optimization = False
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        warm = StepLR(self.optimizers().optimizer, step_size=50, gamma=0.1)
        loss = torch.nn.functional.cross_entropy(self.net(x), y)
        self.optimizers().zero_grad()
        self.manual_backward(loss)
        self.optimizers().step()
        warm.step()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
