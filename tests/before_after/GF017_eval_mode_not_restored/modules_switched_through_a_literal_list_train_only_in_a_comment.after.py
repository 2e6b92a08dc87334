# Two modules switched to eval through a literal list after each epoch; the only `.train(` of
# the file is in a comment, so nothing switches them back for the next epoch's training.
import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Dropout(0.2))
decoder = nn.Sequential(nn.Linear(8, 6), nn.Dropout(0.2))
optimizer = torch.optim.Adam([*encoder.parameters(), *decoder.parameters()], lr=1e-3)
batches = [torch.randn(16, 6) for _ in range(12)]

for epoch in range(5):
    encoder.train()
    decoder.train()
    for x in batches:  # TODO: call net.train() for both nets here?
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(decoder(encoder(x)), x)
        loss.backward()
        optimizer.step()
    for net in [encoder, decoder]:
        net.eval()
    with torch.no_grad():
        held_out = torch.randn(16, 6)
        print(epoch, nn.functional.mse_loss(decoder(encoder(held_out)), held_out).item())
