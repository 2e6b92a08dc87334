# Each step helper of a GAN backpropagates and steps its own optimizer and neither clears:
# both are reported and fixed in one run. Once the critic's helper clears `opt_c`, that
# clear must not count for `opt_g` (stepped by the other helper).
import torch

from critic import critic_step
from generator import generator_step


def fit(gen, critic, loader, epochs):
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4)
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4)
    for _ in range(epochs):
        for real in loader:
            noise = torch.randn(real.shape[0], 8)
            critic_step(gen, critic, opt_c, real, noise)
            generator_step(gen, critic, opt_g, noise)
