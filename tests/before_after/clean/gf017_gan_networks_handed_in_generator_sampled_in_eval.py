# A GAN's two networks handed to the function as parameters: the generator is switched to eval
# only to sample fakes under no_grad for the discriminator's step, and back to train before its
# own backward in the same iteration. Correct.
import torch
import torch.nn.functional as F


def fit(G, D, loader, zdim, epochs=2):
    g_opt = torch.optim.Adam(G.parameters(), lr=1e-3)
    d_opt = torch.optim.Adam(D.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for real in loader:
            z = torch.randn(real.size(0), zdim)
            G.eval()
            D.train()
            with torch.no_grad():
                fake = G(z)
            d_opt.zero_grad()
            d_loss = F.softplus(D(fake)).mean() + F.softplus(-D(real)).mean()
            d_loss.backward()
            d_opt.step()
            G.train()
            D.eval()
            g_opt.zero_grad()
            g_loss = F.softplus(-D(G(z))).mean()
            g_loss.backward()
            g_opt.step()
