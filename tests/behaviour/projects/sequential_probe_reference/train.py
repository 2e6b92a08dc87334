"""A pre-training loop that measures its encoder under no_grad, then hands it to a probe of
finetune.py that trains `nn.Sequential(encoder, head)`: left in eval mode, the encoder is
fine-tuned there with dropout off and its batch norm frozen."""
import hashlib
import json

import torch
from torch import nn

from finetune import tune_probe


def pretrain(encoder, batches, epochs):
    optim = torch.optim.SGD(encoder.parameters(), lr=0.05)
    losses = []
    for _ in range(epochs):
        encoder.train()
        for x, _ in batches:
            optim.zero_grad()
            loss = encoder(x).var(0).sub(1).abs().mean()
            loss.backward()
            optim.step()
            losses.append(loss.item())
        encoder.eval()
        with torch.no_grad():
            losses.append(sum(encoder(x).std().item() for x, _ in batches))
        encoder.train()
        losses.append(tune_probe(encoder, batches, 4))
    return losses


torch.manual_seed(0)
encoder = nn.Sequential(nn.Linear(16, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, 8))
inputs = torch.randn(128, 16)
labels = (inputs @ torch.randn(16, 4)).argmax(1)
batches = [(inputs[i : i + 32], labels[i : i + 32]) for i in range(0, 128, 32)]
losses = pretrain(encoder, batches, 3)

digest = hashlib.sha256()
for param in encoder.parameters():  # raw float32 bytes, in parameters() order
    digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
for buffer in encoder.buffers():  # batch norm's running statistics
    digest.update(bytes(buffer.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
