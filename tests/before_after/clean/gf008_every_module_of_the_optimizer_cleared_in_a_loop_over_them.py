import torch
from torch import nn

encoder = nn.Linear(6, 8)
decoder = nn.Linear(8, 6)
opt = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=1e-3)
opt_a = torch.optim.SGD(encoder.parameters(), lr=0.1)

for x in loader:
    for net in [encoder, decoder]:
        net.zero_grad()
    ((decoder(encoder(x)) - x) ** 2).mean().backward()
    opt.step()
for x in loader:
    for o in (opt_a, opt):
        o.zero_grad()
    encoder(x).pow(2).mean().backward()
    opt_a.step()
