import torch
from torch import nn

encoder = nn.Linear(10, 4)
decoder = nn.Linear(4, 10)
optimizer = torch.optim.SGD(list(encoder.parameters()) + list(decoder.parameters()), lr=0.1)
decoder.requires_grad_(False)  # train the encoder alone from here on
optimizer = torch.optim.SGD(encoder.parameters(), lr=0.1)
for x in [torch.randn(8, 10) for _ in range(4)]:
    encoder.zero_grad()
    nn.functional.mse_loss(decoder(encoder(x)), x).backward()
    optimizer.step()
