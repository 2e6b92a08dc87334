"""The model's `forward` returns a dict literal, its `"scores"` entry a softmax; the loop hands
`outputs["scores"]` to the cross-entropy. Reported without a fix: which entry holds the logits
is for the author to say."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(12, 32)
        self.out = nn.Linear(32, 6)

    def forward(self, x):
        hidden = torch.relu(self.enc(x))
        raw = self.out(hidden)
        return {"raw": raw, "scores": F.softmax(raw, dim=-1), "hidden": hidden}


tagger = Tagger()
optimizer = torch.optim.Adam(tagger.parameters(), lr=3e-4)
for epoch in range(5):
    for x, tags in batches:
        outputs = tagger(x)
        loss = F.cross_entropy(outputs["scores"], tags)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
