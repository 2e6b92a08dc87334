# The model's last layer is a head that is itself a `Sequential` ending in `nn.Softmax` (written
# in place, or returned by a builder): `CrossEntropyLoss` then receives probabilities. No fix:
# the softmax is a layer of the model.
import torch
import torch.nn as nn


def make_head(width, classes):
    return nn.Sequential(nn.Dropout(0.1), nn.Linear(width, classes), nn.Softmax(dim=-1))


encoder = nn.Sequential(nn.Linear(32, 64), nn.GELU())
tagger = nn.Sequential(encoder, nn.Sequential(nn.Linear(64, 5), nn.Softmax(dim=1)))
ranker = nn.Sequential(nn.LayerNorm(32), nn.Sequential(encoder, make_head(64, 7)))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam([*tagger.parameters(), *ranker.parameters()], lr=1e-3)

for epoch in range(5):
    for features, tags, ranks in loader:
        optimizer.zero_grad()
        loss = criterion(tagger(features), tags) + criterion(ranker(features), ranks)
        loss.backward()
        optimizer.step()
