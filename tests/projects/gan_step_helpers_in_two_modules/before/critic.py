import torch.nn.functional as F


def critic_step(gen, critic, opt_c, real, noise):
    loss = F.softplus(-critic(real)).mean() + F.softplus(critic(gen(noise).detach())).mean()
    loss.backward()
    opt_c.step()
