import torch
import torch.nn as nn

model = nn.Linear(5, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
crit = nn.CrossEntropyLoss()
ACC = 4
data = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(8)]
micro = 0
for epoch in range(2):
    it = iter(data)
    while True:
        batch = next(it, None)
        if batch is None:
            break  # ends the epoch, not a micro-batch
        x, y = batch
        loss = crit(model(x), y)
        (loss / ACC).backward()
        micro += 1
        if micro % ACC != 0:
            continue
        opt.step()
        opt.zero_grad()
