import torch
import torch.nn.functional as F
from torch import nn

model = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.2), nn.Linear(16, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
probe = torch.randn(4, 8)


def evaluate():
    model.eval()
    with torch.no_grad():
        return model(probe).softmax(-1).max(-1).values.mean().item()


def train_step(step, x, y):
    optimizer.zero_grad(set_to_none=True)
    F.cross_entropy(model(x), y).backward()
    optimizer.step()
    if step % 100 == 0:
        print(step, evaluate())


model.train()
for epoch in range(2):
    for step, (x, y) in enumerate([(torch.randn(4, 8), torch.randint(0, 3, (4,)))] * 300):
        train_step(step, x, y)
