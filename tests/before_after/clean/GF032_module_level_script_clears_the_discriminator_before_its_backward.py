import torch
import torch.nn as nn

G = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
D = nn.Sequential(nn.Linear(4, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
optimizer_G = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
optimizer_D = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
adversarial_loss = nn.BCEWithLogitsLoss()
data = [torch.randn(16, 4) for _ in range(10)]
step = 0
while step < 100:
    for imgs in data:
        valid = torch.ones(imgs.size(0), 1)
        fake = torch.zeros(imgs.size(0), 1)
        gen_imgs = G(torch.randn(imgs.size(0), 8))
        real_loss = adversarial_loss(D(imgs), valid)
        fake_loss = adversarial_loss(D(gen_imgs.detach()), fake)
        d_loss = (real_loss + fake_loss) / 2
        optimizer_D.zero_grad(set_to_none=True)
        d_loss.backward()
        optimizer_D.step()
        g_loss = adversarial_loss(D(gen_imgs), valid)
        g_loss.backward()
        optimizer_G.step()
        optimizer_G.zero_grad(set_to_none=True)
        step += 1
