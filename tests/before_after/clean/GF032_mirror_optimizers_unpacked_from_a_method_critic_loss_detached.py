"""GF032's mirror, correct twin: optimizers unpacked from a method of the trainer, the critic's
loss on the decoding detached."""
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, autoencoder, critic):
        self.autoencoder = autoencoder
        self.critic = critic
        self.opt_ae, self.opt_critic = self.configure_optimizers()

    def configure_optimizers(self):
        opt_ae = torch.optim.Adam(self.autoencoder.parameters(), lr=1e-4)
        opt_critic = torch.optim.Adam(self.critic.parameters(), lr=1e-4)
        return opt_ae, opt_critic

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for images in loader:
                decoded = self.autoencoder(images)
                logits_real = self.critic(images)
                logits_fake = self.critic(decoded)
                logits_fake_for_critic = self.critic(decoded.detach())
                rec = (decoded - images).abs().mean()
                ae_loss = rec - 0.1 * logits_fake.mean()
                critic_loss = F.softplus(-logits_real).mean() + F.softplus(logits_fake_for_critic).mean()
                self.opt_ae.zero_grad()
                ae_loss.backward()
                self.opt_critic.zero_grad()
                critic_loss.backward()
                self.opt_ae.step()
                self.opt_critic.step()
