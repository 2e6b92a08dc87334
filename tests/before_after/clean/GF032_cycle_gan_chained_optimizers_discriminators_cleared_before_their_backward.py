import itertools

import torch
import torch.nn as nn

def block(features_in, features_out):
    return nn.Sequential(nn.Linear(features_in, 32), nn.ReLU(), nn.Linear(32, features_out))

G_AB, G_BA = block(16, 16), block(16, 16)
D_A, D_B = block(16, 1), block(16, 1)
optimizer_G = torch.optim.Adam(itertools.chain(G_AB.parameters(), G_BA.parameters()), lr=2e-4, betas=(0.5, 0.999))
optimizer_D = torch.optim.Adam(itertools.chain(D_A.parameters(), D_B.parameters()), lr=2e-4, betas=(0.5, 0.999))
adversarial, cycle = nn.MSELoss(), nn.L1Loss()

def train_epoch(pairs, lambda_cyc=10.0):
    for real_A, real_B in pairs:
        # generators: their adversarial terms run through D_A and D_B
        optimizer_G.zero_grad()
        fake_B = G_AB(real_A)
        fake_A = G_BA(real_B)
        valid_B, valid_A = D_B(fake_B), D_A(fake_A)
        loss_GAN = adversarial(valid_B, torch.ones_like(valid_B)) + adversarial(valid_A, torch.ones_like(valid_A))
        loss_cycle = cycle(G_BA(fake_B), real_A) + cycle(G_AB(fake_A), real_B)
        loss_G = loss_GAN + lambda_cyc * loss_cycle
        loss_G.backward()
        optimizer_G.step()

        # discriminators: cleared before their own backward
        real_score_A, fake_score_A = D_A(real_A), D_A(fake_A.detach())
        real_score_B, fake_score_B = D_B(real_B), D_B(fake_B.detach())
        loss_D_A = adversarial(real_score_A, torch.ones_like(real_score_A)) + adversarial(fake_score_A, torch.zeros_like(fake_score_A))
        loss_D_B = adversarial(real_score_B, torch.ones_like(real_score_B)) + adversarial(fake_score_B, torch.zeros_like(fake_score_B))
        loss_D = (loss_D_A + loss_D_B) / 2
        optimizer_D.zero_grad()
        loss_D.backward()
        optimizer_D.step()
