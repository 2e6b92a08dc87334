"""Helpers that step the optimizer they are handed and update the scaler, called where each update
closes its own scaled backward: a GAN whose generator runs its own scaled backward after the
discriminator's helper call, exclusive branches each stepping one optimizer, a helper that
backpropagates itself, a helper without the update followed by one update after the last step, and
a helper handed a different scaler for each optimizer."""

import torch
import torch.nn.functional as F


class GanTrainer:
    def __init__(self, gen, disc, opt_g, opt_d):
        self.gen, self.disc, self.opt_g, self.opt_d = gen, disc, opt_g, opt_d
        self.scaler = torch.amp.GradScaler("cuda")

    def _step_and_update(self, optimizer):
        self.scaler.step(optimizer)
        self.scaler.update()

    def train_step(self, z, real):
        self.opt_d.zero_grad(set_to_none=True)
        d_loss = F.softplus(-self.disc(real)).mean() + F.softplus(self.disc(self.gen(z).detach())).mean()
        self.scaler.scale(d_loss).backward()
        self._step_and_update(self.opt_d)
        self.opt_g.zero_grad(set_to_none=True)
        g_loss = F.softplus(-self.disc(self.gen(z))).mean()
        self.scaler.scale(g_loss).backward()
        self._step_and_update(self.opt_g)


class PhaseTrainer:
    def __init__(self, model, opt_a, opt_b):
        self.model, self.opt_a, self.opt_b = model, opt_a, opt_b
        self.scaler = torch.amp.GradScaler("cuda")

    def _apply_phase(self, optimizer):
        self.scaler.step(optimizer)
        self.scaler.update()

    def train_step(self, x, y, phase):
        self.opt_a.zero_grad(set_to_none=True)
        self.opt_b.zero_grad(set_to_none=True)
        loss = F.mse_loss(self.model(x), y)
        self.scaler.scale(loss).backward()
        if phase == "a":
            self._apply_phase(self.opt_a)
        else:
            self._apply_phase(self.opt_b)


class PerLossTrainer:
    def __init__(self, model, opt_main, opt_aux):
        self.model, self.opt_main, self.opt_aux = model, opt_main, opt_aux
        self.scaler = torch.amp.GradScaler("cuda")

    def _backward_step(self, loss, optimizer):
        optimizer.zero_grad(set_to_none=True)
        self.scaler.scale(loss).backward()
        self.scaler.step(optimizer)
        self.scaler.update()

    def train_step(self, x, y):
        self._backward_step(F.mse_loss(self.model(x), y), self.opt_main)
        self._backward_step(self.model(x).pow(2).mean(), self.opt_aux)


class HandFixedTrainer:
    def __init__(self, backbone, head, backbone_opt, head_opt):
        self.backbone, self.head = backbone, head
        self.backbone_opt, self.head_opt = backbone_opt, head_opt
        self.scaler = torch.amp.GradScaler("cuda")

    def _step_only(self, optimizer):
        self.scaler.unscale_(optimizer)
        self.scaler.step(optimizer)

    def train_step(self, x, y):
        self.backbone_opt.zero_grad(set_to_none=True)
        self.head_opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(self.head(self.backbone(x)), y)
        self.scaler.scale(loss).backward()
        self._step_only(self.backbone_opt)
        self._step_only(self.head_opt)
        self.scaler.update()


def step_with(amp, optimizer):
    amp.step(optimizer)
    amp.update()


def train_two_scalers(model, head, opt, opt_head, loader):
    scaler_body = torch.amp.GradScaler("cuda")
    scaler_head = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        opt_head.zero_grad(set_to_none=True)
        scaler_body.scale(F.mse_loss(model(x), y)).backward()
        step_with(scaler_body, opt)
        scaler_head.scale(head(x).pow(2).mean()).backward()
        step_with(scaler_head, opt_head)
