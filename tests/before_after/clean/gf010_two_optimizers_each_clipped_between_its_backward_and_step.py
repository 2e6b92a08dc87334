"""Two optimizers, each clip between its own backward and step (an actor-critic in a while loop
and a GAN whose generator clip follows the generator's backward, after the discriminator's
update)."""
import torch
from torch import nn
from torch.nn.utils import clip_grad_norm_


def actor_critic(actor, critic, rollouts, updates):
    actor_optim = torch.optim.RMSprop(actor.parameters(), lr=7e-4)
    critic_optim = torch.optim.RMSprop(critic.parameters(), lr=7e-4)
    done = 0
    while done < updates:
        states, actions, returns = rollouts.sample()
        values = critic(states).squeeze(-1)
        critic_optim.zero_grad()
        (returns - values).pow(2).mean().backward()
        clip_grad_norm_(critic.parameters(), 0.5)
        critic_optim.step()
        advantages = (returns - values).detach()
        log_probs = actor(states).log_softmax(-1).gather(1, actions[:, None]).squeeze(1)
        actor_optim.zero_grad()
        (-(log_probs * advantages).mean()).backward()
        clip_grad_norm_(actor.parameters(), 0.5)
        actor_optim.step()
        done += 1


def gan(generator, discriminator, loader):
    opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
    bce = nn.BCEWithLogitsLoss()
    for real in loader:
        fake = generator(torch.randn(real.size(0), 8))
        opt_d.zero_grad()
        d_loss = bce(discriminator(real), torch.ones(real.size(0), 1)) + bce(discriminator(fake.detach()), torch.zeros(real.size(0), 1))
        d_loss.backward()
        opt_d.step()
        opt_g.zero_grad()
        g_loss = bce(discriminator(fake), torch.ones(real.size(0), 1))
        g_loss.backward()
        clip_grad_norm_(generator.parameters(), 1.0)
        opt_g.step()
