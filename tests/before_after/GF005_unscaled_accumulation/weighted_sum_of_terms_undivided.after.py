import argparse

import torch
import torch.nn.functional as F

parser = argparse.ArgumentParser()
parser.add_argument("--weight_proj", type=float, default=0.2)
args = parser.parse_args()

encoder, decoder = torch.nn.Linear(16, 8), torch.nn.Linear(8, 16)
opt_enc = torch.optim.Adam(encoder.parameters(), lr=1e-3)
opt_dec = torch.optim.Adam(decoder.parameters(), lr=1e-3)
accumulation_steps = 2
loader = [torch.randn(4, 16) for _ in range(8)]
for epoch in range(3):
    for i, x in enumerate(loader):
        code = encoder(x)
        loss_distill = F.mse_loss(decoder(code), x)
        loss_proj = code.pow(2).mean()
        loss = loss_distill + args.weight_proj * loss_proj  # a weighted term; the sum is not divided
        (loss / accumulation_steps).backward()
        if (i + 1) % accumulation_steps == 0:
            opt_enc.step()
            opt_dec.step()
            opt_enc.zero_grad(set_to_none=True)
            opt_dec.zero_grad(set_to_none=True)
