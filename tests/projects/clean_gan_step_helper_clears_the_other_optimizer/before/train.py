# The critic's step helper clears and steps its own optimizer; the generator's helper
# clears nothing, but the loop clears `opt_g` itself right before calling it: both
# optimizers are cleared every iteration.
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
            opt_g.zero_grad()
            generator_step(gen, critic, opt_g, noise)
