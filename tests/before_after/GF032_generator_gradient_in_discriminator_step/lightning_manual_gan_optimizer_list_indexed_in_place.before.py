import torch
import torch.nn.functional as F
import pytorch_lightning as pl


class HingeGAN(pl.LightningModule):
    def __init__(self, latent=6):
        super().__init__()
        self.automatic_optimization = False
        self.latent = latent
        self.decoder = torch.nn.Sequential(torch.nn.Linear(latent, 32), torch.nn.ReLU(), torch.nn.Linear(32, 10))
        self.judge = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))

    def configure_optimizers(self):
        return (
            torch.optim.Adam(self.decoder.parameters(), lr=1e-3, betas=(0.5, 0.9)),
            torch.optim.Adam(self.judge.parameters(), lr=4e-3, betas=(0.5, 0.9)),
        )

    def training_step(self, batch, batch_idx):
        optims = self.optimizers()
        samples = batch[0]
        codes = torch.randn(samples.size(0), self.latent)
        optims[0].zero_grad(set_to_none=True)
        adv = -self.judge(self.decoder(codes)).mean()
        self.manual_backward(adv)
        optims[0].step()
        # the judge's gradients still hold what `adv` wrote into them
        hinge = F.relu(1.0 - self.judge(samples)).mean() + F.relu(1.0 + self.judge(self.decoder(codes).detach())).mean()
        self.manual_backward(hinge)
        optims[1].step()
        optims[1].zero_grad(set_to_none=True)
        self.log_dict({"adv": adv.detach(), "hinge": hinge.detach()})
