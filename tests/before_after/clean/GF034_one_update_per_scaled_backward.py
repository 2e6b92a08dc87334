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


def update_guarded_after_the_last_step(model, aux, loader, opt_main, opt_aux, scaler):
    """One update, under `if scaler.is_enabled():`, after both steps."""
    for x, y in loader:
        opt_main.zero_grad(set_to_none=True)
        opt_aux.zero_grad(set_to_none=True)
        scaler.scale(F.mse_loss(model(x), y) + aux(x).pow(2).mean()).backward()
        scaler.step(opt_main)
        scaler.step(opt_aux)
        if scaler.is_enabled():
            scaler.update()


def gan_with_a_guarded_update(gen, disc, loader, g_opt, d_opt, scaler):
    """The discriminator's guarded update, then the generator's own scaled backward."""
    for real, z in loader:
        d_opt.zero_grad(set_to_none=True)
        scaler.scale(F.softplus(-disc(real)).mean() + F.softplus(disc(gen(z).detach())).mean()).backward()
        scaler.step(d_opt)
        if scaler.is_enabled():
            scaler.update()
        g_opt.zero_grad(set_to_none=True)
        scaler.scale(F.softplus(-disc(gen(z))).mean()).backward()
        scaler.step(g_opt)
        scaler.update()


def gan_whose_discriminator_trains_under_an_if(gen, disc, loader, g_opt, d_opt, scaler, every):
    """The discriminator's backward, step and update under an `if`; the generator's own scaled
    backward after it."""
    for i, (real, z) in enumerate(loader):
        if i % every == 0:
            d_opt.zero_grad(set_to_none=True)
            scaler.scale(F.softplus(-disc(real)).mean() + F.softplus(disc(gen(z).detach())).mean()).backward()
            scaler.step(d_opt)
            scaler.update()
        g_opt.zero_grad(set_to_none=True)
        scaler.scale(F.softplus(-disc(gen(z))).mean()).backward()
        scaler.step(g_opt)
        scaler.update()


def steps_in_exclusive_branches_then_nothing(model, loader, opt_a, opt_b, scaler, use_b):
    """Each branch steps its own optimizer and updates; nothing is stepped after the `if`."""
    for x, y in loader:
        opt_a.zero_grad(set_to_none=True)
        opt_b.zero_grad(set_to_none=True)
        scaler.scale(F.mse_loss(model(x), y)).backward()
        if use_b:
            scaler.step(opt_b)
            scaler.update()
        else:
            scaler.step(opt_a)
            scaler.update()


def first_optimizer_stepped_under_an_if_that_continues(model, loader, opt_a, opt_b, scaler, only_a):
    """The `if` steps one optimizer, updates and goes on to the next batch: the later step never
    follows that update."""
    for x, y in loader:
        opt_a.zero_grad(set_to_none=True)
        opt_b.zero_grad(set_to_none=True)
        scaler.scale(F.mse_loss(model(x), y)).backward()
        if only_a:
            scaler.step(opt_a)
            scaler.update()
            continue
        scaler.step(opt_a)
        scaler.step(opt_b)
        scaler.update()


def same_optimizer_stepped_after_the_if(model, loader, opt, scaler, clip):
    """The `if` steps the optimizer, updates and returns; the code after it steps the same
    optimizer (one of the two runs)."""
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        scaler.scale(F.mse_loss(model(x), y)).backward()
        if clip:
            scaler.unscale_(opt)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(opt)
            scaler.update()
            return
        scaler.step(opt)
        scaler.update()


def update_and_second_step_under_opposite_flags(model, aux, loader, opt_main, opt_aux, scaler, use_aux):
    """`if not use_aux: scaler.update()` then `if use_aux: scaler.step(opt_aux); scaler.update()`:
    the two `if`s test the same flag, and read so they exclude each other."""
    for x, y in loader:
        opt_main.zero_grad(set_to_none=True)
        opt_aux.zero_grad(set_to_none=True)
        scaler.scale(F.mse_loss(model(x), y) + aux(x).pow(2).mean()).backward()
        scaler.step(opt_main)
        if not use_aux:
            scaler.update()
        if use_aux:
            scaler.step(opt_aux)
            scaler.update()
