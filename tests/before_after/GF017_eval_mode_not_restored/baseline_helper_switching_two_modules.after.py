import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5))
decoder = nn.Sequential(nn.Linear(8, 2), nn.BatchNorm1d(2))
optimizer = torch.optim.SGD([*encoder.parameters(), *decoder.parameters()], lr=0.1)
batches = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(4)]


def evaluate(enc, dec, data):
    for m in (enc, dec):
        m.eval()
    with torch.no_grad():
        return sum(nn.functional.mse_loss(dec(enc(x)), y).item() for x, y in data)


print("baseline", evaluate(encoder, decoder, batches))
encoder.train()
decoder.train()
for epoch in range(10):
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(decoder(encoder(x)), y).backward()
        optimizer.step()
    print(epoch, evaluate(encoder, decoder, batches))
    encoder.train()
    decoder.train()
