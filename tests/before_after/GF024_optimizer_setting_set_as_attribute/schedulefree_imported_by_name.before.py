import torch
from schedulefree import AdamWScheduleFree

model = torch.nn.Linear(10, 2)
optimizer = AdamWScheduleFree(model.parameters(), lr=3e-3, warmup_steps=50)
optimizer.train()
step = 0
while step < 1000:
    x = torch.randn(16, 10)
    loss = model(x).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    step += 1
    if step == 500:
        optimizer.lr = 1e-3
