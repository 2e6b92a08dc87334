# Heads nested in a `Sequential`: one ends in a `Linear` (logits into `CrossEntropyLoss`), the
# other in `nn.LogSoftmax` (log-probabilities into `NLLLoss`): each loss gets what it expects.
import torch
import torch.nn as nn

encoder = nn.Sequential(nn.Linear(32, 64), nn.GELU())
tagger = nn.Sequential(encoder, nn.Sequential(nn.Linear(64, 5), nn.Softmax(dim=1), nn.Linear(5, 5)))
ranker = nn.Sequential(encoder, nn.Sequential(nn.Linear(64, 7), nn.LogSoftmax(dim=1)))
ce, nll = nn.CrossEntropyLoss(), nn.NLLLoss()
optimizer = torch.optim.Adam([*tagger.parameters(), *ranker.parameters()], lr=1e-3)

for epoch in range(5):
    for features, tags, ranks in loader:
        optimizer.zero_grad()
        loss = ce(tagger(features), tags) + nll(ranker(features), ranks)
        loss.backward()
        optimizer.step()
