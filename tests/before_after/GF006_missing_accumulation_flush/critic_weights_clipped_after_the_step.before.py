import torch


class CriticTrainer:
    def __init__(self, critic, optimizer, n_accum, clip_value):
        self.critic = critic
        self.optimizer = optimizer
        self.n_accum = n_accum
        self.clip_value = clip_value

    def fit(self, batches):
        for k, (real, fake) in enumerate(batches):
            loss = (self.critic(fake).mean() - self.critic(real).mean()) / self.n_accum
            loss.backward()
            if (k + 1) % self.n_accum == 0:
                self.optimizer.step()
                with torch.no_grad():
                    for p in self.critic.parameters():
                        p.clamp_(-self.clip_value, self.clip_value)
                self.optimizer.zero_grad()
