# `eval_net = ema if USE_EMA else model` with `USE_EMA = False`, bound in the epoch after the
# training steps, then `eval_net.eval()`: the trained model stays in eval mode for the next
# epoch. The fix switches back the module the constant picks, `model` (`eval_net` is not bound
# yet at the top of the first epoch).
import copy

import torch
import torch.nn.functional as F

USE_EMA = False

model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.Dropout(0.2), torch.nn.Linear(16, 2))
ema = copy.deepcopy(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=0.01)
batches = [(torch.randn(8, 6), torch.randint(0, 2, (8,))) for _ in range(4)]
model.train()
for epoch in range(3):
    for x, y in batches:
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            for pe, pm in zip(ema.parameters(), model.parameters()):
                pe.mul_(0.9).add_(pm, alpha=0.1)
    eval_net = ema if USE_EMA else model
    eval_net.eval()
    with torch.no_grad():
        hits = sum((eval_net(x).argmax(1) == y).sum().item() for x, y in batches)
