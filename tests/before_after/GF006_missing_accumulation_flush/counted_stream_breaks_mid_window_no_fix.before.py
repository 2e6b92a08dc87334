import itertools

import torch
import torch.nn.functional as F

ACC = 4
model = torch.nn.Linear(8, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.05)


def stream():
    while True:
        yield torch.randn(8, 8), torch.randint(0, 3, (8,))


batches = stream()
for step in itertools.count(1):
    x, y = next(batches)
    loss = F.cross_entropy(model(x), y) / ACC
    loss.backward()
    if step % ACC == 0:
        opt.step()
        opt.zero_grad(set_to_none=True)
    if step == 26:  # two micro-batches after the sixth window
        break
