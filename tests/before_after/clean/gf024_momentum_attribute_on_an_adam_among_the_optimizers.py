import torch
from torch import nn

encoder = nn.Linear(5, 3)
decoder = nn.Linear(3, 5)
enc_opt = torch.optim.SGD(encoder.parameters(), lr=0.1, momentum=0.5)
dec_opt = torch.optim.Adam(decoder.parameters(), lr=1e-3)
for epoch in range(4):
    for o in (enc_opt, dec_opt):
        o.momentum = 0.9  # a note for the logger: Adam has no momentum setting
    for x in torch.randn(3, 8, 5).unbind():
        enc_opt.zero_grad()
        dec_opt.zero_grad()
        nn.functional.mse_loss(decoder(encoder(x)), x).backward()
        enc_opt.step()
        dec_opt.step()
print(enc_opt.momentum)
