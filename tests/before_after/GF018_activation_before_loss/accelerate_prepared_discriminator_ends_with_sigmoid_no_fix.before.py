# The discriminator's last layer is `nn.Sigmoid()` and `BCEWithLogitsLoss` applies the sigmoid
# again. `accelerator.prepare(...)` hands the same modules back under the same names, so the
# prepared `disc` still ends with the activation. No fix: the sigmoid is a layer of the model.
import torch
import torch.nn as nn
from accelerate import Accelerator

accelerator = Accelerator()
gen = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 32))
disc = nn.Sequential(nn.Linear(32, 64), nn.LeakyReLU(0.2), nn.Linear(64, 1), nn.Sigmoid())
adversarial = nn.BCEWithLogitsLoss()
gen_opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
disc_opt = torch.optim.Adam(disc.parameters(), lr=2e-4)
gen, disc, gen_opt, disc_opt, loader = accelerator.prepare(gen, disc, gen_opt, disc_opt, loader)

for epoch in range(10):
    for real in loader:
        noise = torch.randn(real.size(0), 16, device=real.device)
        fake = gen(noise)
        valid = torch.ones(real.size(0), 1, device=real.device)
        disc_opt.zero_grad()
        d_loss = adversarial(disc(real), valid) + adversarial(disc(fake.detach()), 1 - valid)
        accelerator.backward(d_loss)
        disc_opt.step()
        gen_opt.zero_grad()
        g_loss = adversarial(disc(fake), valid)
        accelerator.backward(g_loss)
        gen_opt.step()
