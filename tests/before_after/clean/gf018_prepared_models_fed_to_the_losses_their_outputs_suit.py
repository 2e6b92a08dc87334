# Modules bound again by `accelerator.prepare(...)` under their own names: the discriminator ending
# with `nn.Sigmoid()` feeds `BCELoss` (probabilities expected), the critic without an activation
# feeds `BCEWithLogitsLoss` (logits expected). Both are right.
import torch
import torch.nn as nn
from accelerate import Accelerator

accelerator = Accelerator()
disc = nn.Sequential(nn.Linear(32, 64), nn.LeakyReLU(0.2), nn.Linear(64, 1), nn.Sigmoid())
critic = nn.Sequential(nn.Linear(32, 64), nn.LeakyReLU(0.2), nn.Linear(64, 1))
probability_loss = nn.BCELoss()
logit_loss = nn.BCEWithLogitsLoss()
optimizer = torch.optim.Adam([*disc.parameters(), *critic.parameters()], lr=2e-4)
disc, critic, optimizer, loader = accelerator.prepare(disc, critic, optimizer, loader)
for epoch in range(10):
    for real, labels in loader:
        optimizer.zero_grad()
        loss = probability_loss(disc(real), labels) + logit_loss(critic(real), labels)
        accelerator.backward(loss)
        optimizer.step()
