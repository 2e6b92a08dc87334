import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Dropout(0.2))
decoder = nn.Sequential(nn.Linear(8, 6), nn.Dropout(0.2))
params = list(encoder.parameters()) + list(decoder.parameters())
optimizer = torch.optim.Adam(params, lr=1e-3)
batches = [torch.randn(16, 6) for _ in range(12)]

for epoch in range(5):
    encoder.train()
    decoder.train()
    for x in batches:
        optimizer.zero_grad()
        recon = decoder(encoder(x))
        loss = nn.functional.mse_loss(recon, x)
        loss.backward()
        optimizer.step()
    # reconstruction error on a held-out batch
    for net in (encoder, decoder):
        net.eval()
    with torch.no_grad():
        held_out = torch.randn(16, 6)
        print(epoch, nn.functional.mse_loss(decoder(encoder(held_out)), held_out).item())
