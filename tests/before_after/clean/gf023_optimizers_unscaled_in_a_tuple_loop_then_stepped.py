"""Correct gradients: each optimizer of the tuple is unscaled first (`scaler.unscale_(opt)`), so
the plain steps apply true gradients (only overflowing steps are not skipped)."""
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
        amp_scaler.unscale_(opt)
    for opt in (enc_sgd, head_sgd):
        opt.step()
