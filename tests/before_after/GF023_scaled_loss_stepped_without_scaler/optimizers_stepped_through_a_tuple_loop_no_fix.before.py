"""The loss is scaled for the backward, then the two optimizers (bound by one tuple assignment)
are stepped one by one through `for opt in (...)`, never through the scaler: both apply
gradients multiplied by the loss scale. Reported at the step in the loop, without a fix (where
the one `update()` goes is the author's to write)."""
import torch
import torch.nn.functional as F
from torch import nn

encoder, head = nn.Linear(6, 4), nn.Linear(4, 1)
enc_sgd, head_sgd = torch.optim.SGD(encoder.parameters(), lr=0.01), torch.optim.SGD(head.parameters(), lr=0.01)
amp_scaler = torch.amp.GradScaler("cpu", init_scale=256.0)
batches = [(torch.randn(5, 6), torch.randn(5, 1)) for _ in range(6)]
for features, labels in batches:
    for opt in (enc_sgd, head_sgd):
        opt.zero_grad()
    amp_scaler.scale(F.l1_loss(head(encoder(features)), labels)).backward()
    for opt in (enc_sgd, head_sgd):
        opt.step()
