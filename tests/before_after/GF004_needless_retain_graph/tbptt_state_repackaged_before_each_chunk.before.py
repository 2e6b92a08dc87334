import json

import torch
from torch import nn


def repackage_hidden(h):
    """Cut the state off the graph of the chunk that made it."""
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


torch.manual_seed(0)
embed = nn.Embedding(12, 8)
lstm = nn.LSTM(8, 16, batch_first=True)
decoder = nn.Linear(16, 12)
params = [*embed.parameters(), *lstm.parameters(), *decoder.parameters()]
optimizer = torch.optim.SGD(params, lr=0.3)
corpus = torch.randint(0, 12, (3, 41))
bptt = 8
losses = []
for epoch in range(2):
    hidden = None
    for start in range(0, corpus.size(1) - 1, bptt):
        inputs = corpus[:, start:start + bptt]
        targets = corpus[:, start + 1:start + 1 + bptt]
        if hidden is not None:
            hidden = repackage_hidden(hidden)
        out, hidden = lstm(embed(inputs), hidden)
        loss = nn.functional.cross_entropy(decoder(out).reshape(-1, 12), targets.reshape(-1))
        optimizer.zero_grad()
        loss.backward(retain_graph=True)
        nn.utils.clip_grad_norm_(params, 0.5)
        optimizer.step()
        losses.append(loss.item())
weights = [p.detach().reshape(-1).tolist() for p in params]
print(json.dumps({"losses": losses, "weights": weights}))
