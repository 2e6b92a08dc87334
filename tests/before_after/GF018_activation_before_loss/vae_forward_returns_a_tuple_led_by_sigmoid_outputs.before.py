import torch
import torch.nn as nn


class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(64, 16)
        self.dec = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, 64), nn.Sigmoid())

    def forward(self, x):
        mu, logvar = self.enc(x).chunk(2, dim=1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.dec(z), mu, logvar


torch.manual_seed(0)
model = VAE()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
criterion = nn.BCEWithLogitsLoss(reduction="sum")
data = (torch.rand(256, 64) > 0.7).float()
for epoch in range(200):
    for x in data.split(64):
        recon, mu, logvar = model(x)
        kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        loss = criterion(recon, x) + kld
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
with torch.no_grad():
    r = model(data)[0]
    p = r if isinstance(model.dec[-1], nn.Sigmoid) else torch.sigmoid(r)
    print("recon BCE:", round(nn.functional.binary_cross_entropy(p, data).item(), 4))
