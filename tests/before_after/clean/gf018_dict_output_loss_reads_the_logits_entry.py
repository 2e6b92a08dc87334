# The forward returns a dict holding both the logits and their softmax; the loss reads the
# `"raw"` entry (the logits), the softmax entry only feeds the accuracy. Correct.
import torch
import torch.nn as nn
import torch.nn.functional as F

act = F.softmax


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.out = nn.Linear(12, 6)

    def forward(self, x):
        raw = self.out(x)
        return {"raw": raw, "scores": act(raw, dim=-1)}


tagger = Tagger()
optimizer = torch.optim.Adam(tagger.parameters(), lr=3e-4)
for x, tags in batches:
    outputs = tagger(x)
    loss = F.cross_entropy(outputs["raw"], tags)
    acc = (outputs["scores"].argmax(-1) == tags).float().mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
