import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(6, 8), nn.Dropout(0.2))
decoder = nn.Sequential(nn.Linear(8, 6), nn.Dropout(0.2))
optimizer = torch.optim.Adam([*encoder.parameters(), *decoder.parameters()], lr=1e-3)
batches = [torch.randn(16, 6) for _ in range(12)]
parts = {"encoder": encoder, "decoder": decoder}


def reconstruction_error(enc, dec, x):
    enc.eval()
    dec.eval()
    with torch.no_grad():
        return nn.functional.mse_loss(dec(enc(x)), x).item()


for epoch in range(5):
    for part in parts.values():
        part.train()
    for x in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(decoder(encoder(x)), x).backward()
        optimizer.step()
    print(epoch, reconstruction_error(encoder, decoder, batches[0]))

for epoch in range(5):
    [m.train() for m in (encoder, decoder)]
    for x in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(decoder(encoder(x)), x).backward()
        optimizer.step()
    print(epoch, reconstruction_error(encoder, decoder, batches[0]))
