import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, autoencoder, critic):
        self.autoencoder = autoencoder
        self.critic = critic
        self.opt_ae = torch.optim.Adam(list(self.autoencoder.encoder.parameters()) + list(self.autoencoder.decoder.parameters()), lr=1e-4)
        self.opt_critic = torch.optim.Adam(self.critic.parameters(), lr=1e-4)

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for images in loader:
                decoded = self.autoencoder(images)
                logits_real = self.critic(images)
                logits_fake = self.critic(decoded)
                rec = (decoded - images).abs().mean()
                ae_loss = rec - 0.1 * logits_fake.mean()
                critic_loss = F.softplus(-logits_real).mean() + F.softplus(logits_fake).mean()
                self.opt_ae.zero_grad()
                ae_loss.backward(retain_graph=True)
                self.opt_critic.zero_grad()
                critic_loss.backward()
                self.opt_ae.step()
                self.opt_critic.step()
