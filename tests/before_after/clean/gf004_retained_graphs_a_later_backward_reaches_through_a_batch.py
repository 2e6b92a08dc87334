# `retain_graph=True` that the later backward needs, where both losses read a batch handed to a
# `training_step`: in the LightningModule the two losses share the encoder's features of the
# batch (one graph); in the plain class the caller hands `training_step` a batch that is the
# output of its own encoder (the batch carries that graph, and the generator reads it).
import torch
import torch.nn.functional as F
import pytorch_lightning as pl


class SharedFeatures(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.encoder = torch.nn.Linear(4, 4)
        self.G = torch.nn.Linear(4, 4)
        self.D = torch.nn.Linear(4, 1)

    def configure_optimizers(self):
        return [torch.optim.SGD([*self.G.parameters(), *self.encoder.parameters()], lr=0.1), torch.optim.SGD(self.D.parameters(), lr=0.1)]

    def training_step(self, batch, batch_idx):
        x, _ = batch
        g_opt, d_opt = self.optimizers()
        feats = self.encoder(x)
        fake = self.G(feats)
        d_opt.zero_grad(set_to_none=True)
        d_loss = F.softplus(self.D(fake.detach())).mean() + F.softplus(-self.D(feats)).mean()
        self.manual_backward(d_loss, retain_graph=True)
        d_opt.step()
        g_opt.zero_grad(set_to_none=True)
        self.manual_backward(F.softplus(-self.D(fake)).mean())
        g_opt.step()


class Stepper:
    def __init__(self, G, D):
        self.G, self.D = G, D
        self.g_opt = torch.optim.SGD(G.parameters(), lr=0.1)
        self.d_opt = torch.optim.SGD(D.parameters(), lr=0.1)

    def training_step(self, batch, batch_idx):
        real = batch[0]
        fake = self.G(real)
        self.d_opt.zero_grad(set_to_none=True)
        d_loss = F.softplus(self.D(fake.detach())).mean() + F.softplus(-self.D(real)).mean()
        d_loss.backward(retain_graph=True)
        self.d_opt.step()
        self.g_opt.zero_grad(set_to_none=True)
        F.softplus(-self.D(fake)).mean().backward()
        self.g_opt.step()


def run(loader):
    encoder = torch.nn.Linear(4, 4)
    stepper = Stepper(torch.nn.Linear(4, 4), torch.nn.Linear(4, 1))
    for i, (x, _) in enumerate(loader):
        stepper.training_step((encoder(x),), i)
