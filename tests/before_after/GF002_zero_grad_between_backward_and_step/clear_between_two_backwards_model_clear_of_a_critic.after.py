# A critic backpropagates its real and fake terms separately; the model clear between them
# (its optimizer is built over exactly its parameters) wipes the real term's gradients, so the
# critic only learns to push fakes down. The clear before the first backward stays.
import torch
from torch import nn


def train_critic(critic, batches, lr=1e-4):
    critic_optim = torch.optim.RMSprop(critic.parameters(), lr=lr)
    for real, fake in batches:
        critic.zero_grad()
        err_real = -critic(real).mean()
        err_real.backward()
        err_fake = critic(fake.detach()).mean()
        err_fake.backward()
        critic_optim.step()
