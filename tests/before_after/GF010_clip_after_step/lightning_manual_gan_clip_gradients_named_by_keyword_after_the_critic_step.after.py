# A manual-optimization GAN in Lightning: the critic's gradients are clipped by
# `self.clip_gradients(optimizer=critic_opt, ...)` after `critic_opt.step()`; only the
# generator's optimizer steps later. Lightning clips the parameters of the optimizer it is
# handed, so the critic's step used unclipped gradients: the clip belongs before it.
import torch
from torch import nn
from lightning.pytorch import LightningModule


class Adversarial(LightningModule):
    def __init__(self, width=16):
        super().__init__()
        self.automatic_optimization = False
        self.generator = nn.Sequential(nn.Linear(8, width), nn.ReLU(), nn.Linear(width, 4))
        self.critic = nn.Sequential(nn.Linear(4, width), nn.LeakyReLU(0.2), nn.Linear(width, 1))

    def configure_optimizers(self):
        gen_opt = torch.optim.Adam(self.generator.parameters(), lr=2e-4)
        critic_opt = torch.optim.RMSprop(self.critic.parameters(), lr=5e-5)
        return gen_opt, critic_opt

    def training_step(self, batch, batch_idx):
        samples, noise = batch
        gen_opt, critic_opt = self.optimizers()
        self.toggle_optimizer(critic_opt)
        made = self.generator(noise).detach()
        critic_loss = self.critic(made).mean() - self.critic(samples).mean()
        critic_opt.zero_grad()
        self.manual_backward(critic_loss)
        self.clip_gradients(optimizer=critic_opt, gradient_clip_val=0.01, gradient_clip_algorithm="value")
        critic_opt.step()
        self.untoggle_optimizer(critic_opt)
        self.toggle_optimizer(gen_opt)
        gen_loss = -self.critic(self.generator(noise)).mean()
        gen_opt.zero_grad()
        self.manual_backward(gen_loss)
        gen_opt.step()
        self.untoggle_optimizer(gen_opt)
        self.log_dict({"critic": critic_loss.detach(), "gen": gen_loss.detach()})
