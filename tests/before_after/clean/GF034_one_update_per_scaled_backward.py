"""GF034 clean twins: one update after every step of a scaled backward, a GAN whose
generator has its own scaled backward after the discriminator's update, two scalers,
steps in exclusive branches, and an update per optimizer loop iteration of its own backward."""

import torch
import torch.nn.functional as F


def one_update_after_both(model, centers, loader, optimizer, optimizer_center, scaler):
    for x, y in loader:
        optimizer.zero_grad()
        optimizer_center.zero_grad()
        with torch.autocast("cuda"):
            loss = F.cross_entropy(model(x), y) + centers(x).mean()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.step(optimizer_center)
        scaler.update()


def gan(gen, disc, loader, g_opt, d_opt, scaler, z_dim):
    for real in loader:
        z = torch.randn(real.shape[0], z_dim)
        d_opt.zero_grad()
        with torch.autocast("cuda"):
            fake = gen(z)
            d_loss = F.softplus(disc(fake.detach())).mean() + F.softplus(-disc(real)).mean()
        scaler.scale(d_loss).backward()
        scaler.step(d_opt)
        scaler.update()
        g_opt.zero_grad()
        with torch.autocast("cuda"):
            g_loss = F.softplus(-disc(fake)).mean()
        scaler.scale(g_loss).backward()
        scaler.step(g_opt)
        scaler.update()


class GanTrainer:
    def __init__(self, gen, disc):
        self.gen, self.disc = gen, disc
        self.g_opt = torch.optim.Adam(gen.parameters())
        self.d_opt = torch.optim.Adam(disc.parameters())
        self.scaler = torch.amp.GradScaler("cuda")

    def generator_step(self, z):
        self.g_opt.zero_grad()
        loss = F.softplus(-self.disc(self.gen(z))).mean()
        self.scaler.scale(loss).backward()
        return loss

    def step(self, real, z):
        self.d_opt.zero_grad()
        loss = F.softplus(self.disc(self.gen(z).detach())).mean() + F.softplus(-self.disc(real)).mean()
        self.scaler.scale(loss).backward()
        self.scaler.step(self.d_opt)
        self.scaler.update()
        self.generator_step(z)
        self.scaler.step(self.g_opt)
        self.scaler.update()


def two_scalers(model_a, model_b, loader, opt_a, opt_b):
    scaler_a = torch.amp.GradScaler("cuda")
    scaler_b = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt_a.zero_grad()
        opt_b.zero_grad()
        loss = F.mse_loss(model_a(x), y) + F.mse_loss(model_b(x), y)
        scaler_a.scale(loss).backward()
        scaler_a.step(opt_a)
        scaler_a.update()
        scaler_b.step(opt_b)
        scaler_b.update()


def exclusive_branches(model, loader, opt_a, opt_b, scaler, use_a):
    for x, y in loader:
        opt_a.zero_grad()
        opt_b.zero_grad()
        scaler.scale(F.mse_loss(model(x), y)).backward()
        if use_a:
            scaler.step(opt_a)
            scaler.update()
        else:
            scaler.step(opt_b)
            scaler.update()


def per_optimizer_backward(models, optimizers, loader, scaler):
    for x, y in loader:
        for model, opt in zip(models, optimizers):
            opt.zero_grad()
            scaler.scale(F.mse_loss(model(x), y)).backward()
            scaler.step(opt)
            scaler.update()


def loop_over_optimizers_then_one_update(parts, optimizers, loader, scaler):
    for x, y in loader:
        for opt in optimizers:
            opt.zero_grad()
        out = x
        for part in parts:
            out = part(out)
        scaler.scale(F.mse_loss(out, y)).backward()
        for opt in optimizers:
            scaler.step(opt)
        scaler.update()


class GanOfABaseTrainer(GanTrainer):
    """The generator's backward runs in a method of a base class of another module (here a
    name the file does not define): it may hold the generator's own scaled backward."""

    def step(self, real, z):
        self.d_opt.zero_grad()
        loss = F.softplus(self.disc(self.gen(z).detach())).mean() + F.softplus(-self.disc(real)).mean()
        self.scaler.scale(loss).backward()
        self.scaler.step(self.d_opt)
        self.scaler.update()
        self.generator_backward_of_the_base(z)
        self.scaler.step(self.g_opt)
        self.scaler.update()


def gan_with_an_imported_generator_step(gen, disc, loader, g_opt, d_opt, scaler, generator_step):
    for real, z in loader:
        d_opt.zero_grad()
        scaler.scale(F.softplus(-disc(real)).mean() + F.softplus(disc(gen(z).detach())).mean()).backward()
        scaler.step(d_opt)
        scaler.update()
        generator_step(gen, disc, z, scaler)
        scaler.step(g_opt)
        scaler.update()
