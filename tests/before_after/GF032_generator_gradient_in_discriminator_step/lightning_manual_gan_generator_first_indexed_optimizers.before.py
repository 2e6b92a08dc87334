import torch
from torch import nn
from pytorch_lightning import LightningModule


class WassersteinGAN(LightningModule):
    def __init__(self, z_dim=8, width=64):
        super().__init__()
        self.automatic_optimization = False
        self.z_dim = z_dim
        self.net_g = nn.Sequential(nn.Linear(z_dim, width), nn.Tanh(), nn.Linear(width, 4))
        self.net_d = nn.Sequential(nn.Linear(4, width), nn.Tanh(), nn.Linear(width, 1))

    def configure_optimizers(self):
        opt_d = torch.optim.RMSprop(self.net_d.parameters(), lr=5e-5)
        opt_g = torch.optim.RMSprop(self.net_g.parameters(), lr=5e-5)
        sched_d = torch.optim.lr_scheduler.StepLR(opt_d, step_size=100)
        sched_g = torch.optim.lr_scheduler.StepLR(opt_g, step_size=100)
        return [opt_d, opt_g], [sched_d, sched_g]

    def training_step(self, batch, batch_idx):
        opt_d = self.optimizers()[0]
        opt_g = self.optimizers()[1]
        x, _ = batch
        z = torch.randn(x.shape[0], self.z_dim)
        generated = self.net_g(z)

        # the generator's step first: its loss also fills net_d's gradients
        loss_g = -self.net_d(generated).mean()
        self.manual_backward(loss_g)
        opt_g.step()
        opt_g.zero_grad()

        # the critic's step adds its own gradient to what loss_g left there
        loss_d = self.net_d(generated.detach()).mean() - self.net_d(x).mean()
        self.manual_backward(loss_d)
        opt_d.step()
        opt_d.zero_grad()
        for p in self.net_d.parameters():
            p.data.clamp_(-0.01, 0.01)
