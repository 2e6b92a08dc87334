"""Correct: the optimizers of a tuple loop are stepped through the scaler (`scaler.step(opt)`),
which unscales each one's gradients, and the scale is updated once after the loop."""
import torch
import torch.nn.functional as F
from torch import nn

encoder, head = nn.Linear(6, 4), nn.Linear(4, 1)
enc_sgd, head_sgd = torch.optim.SGD(encoder.parameters(), lr=0.01), torch.optim.SGD(head.parameters(), lr=0.01)
amp_scaler = torch.amp.GradScaler("cpu", init_scale=256.0)
for features, labels in [(torch.randn(5, 6), torch.randn(5, 1)) for _ in range(6)]:
    for opt in (enc_sgd, head_sgd):
        opt.zero_grad()
    amp_scaler.scale(F.l1_loss(head(encoder(features)), labels)).backward()
    for opt in (enc_sgd, head_sgd):
        amp_scaler.step(opt)
    amp_scaler.update()
