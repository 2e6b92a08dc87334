# A manual-optimization GAN in Lightning, the critic's update first: its loss reads the
# generated batch only through `.detach()`, so the generator's later backward walks a graph of
# its own (a fresh critic forward on `fake`), and `retain_graph=True` keeps the critic's graph
# alive for nothing. Both losses read `real`, unpacked from the batch Lightning hands
# `training_step`: the loader's data, holding no graph. Reported without a fix (unsafe: the
# batch is a parameter of the hook).
import torch
import torch.nn.functional as F
import lightning as L


class PairGAN(L.LightningModule):
    def __init__(self, noise_dim=6):
        super().__init__()
        self.automatic_optimization = False
        self.noise_dim = noise_dim
        self.G = torch.nn.Sequential(torch.nn.Linear(noise_dim, 12), torch.nn.Tanh(), torch.nn.Linear(12, 3))
        self.D = torch.nn.Sequential(torch.nn.Linear(3, 12), torch.nn.LeakyReLU(0.1), torch.nn.Linear(12, 1))

    def configure_optimizers(self):
        return [torch.optim.Adam(self.G.parameters(), lr=1e-3), torch.optim.Adam(self.D.parameters(), lr=1e-3)]

    def training_step(self, batch, batch_idx):
        real = batch[0]
        g_opt, d_opt = self.optimizers()
        fake = self.G(real.new_empty(real.shape[0], self.noise_dim).normal_())
        d_opt.zero_grad(set_to_none=True)
        d_loss = F.softplus(self.D(fake.detach())).mean() + F.softplus(-self.D(real)).mean()
        self.manual_backward(d_loss, retain_graph=True)
        d_opt.step()
        g_opt.zero_grad(set_to_none=True)
        g_loss = F.softplus(-self.D(fake)).mean()
        self.manual_backward(g_loss)
        g_opt.step()
        return {"d": d_loss.detach(), "g": g_loss.detach()}
