import torch


def train_gan(gen, critic, loader, noise_dim, max_norm=0.01):
    opt_gen = torch.optim.RMSprop(gen.parameters(), lr=5e-5)
    opt_critic = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
    steps = 0
    for real in loader:
        fake = gen(torch.randn(real.size(0), noise_dim))
        opt_critic.zero_grad()
        try:
            loss_critic = critic(fake.detach()).mean() - critic(real).mean()
            loss_critic.backward()
            torch.nn.utils.clip_grad_norm_(critic.parameters(), max_norm)
            opt_critic.step()
        finally:
            steps += 1
        opt_gen.zero_grad()
        loss_gen = -critic(fake).mean()
        loss_gen.backward()
        torch.nn.utils.clip_grad_norm_(gen.parameters(), max_norm)
        opt_gen.step()
    return steps
