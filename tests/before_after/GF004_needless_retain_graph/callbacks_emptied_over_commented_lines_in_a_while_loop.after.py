import torch
from torch import nn

model = nn.Linear(8, 2)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
data = [(torch.randn(4, 8), torch.randint(0, 2, (4,))) for _ in range(10)]


def train(max_steps):
    callbacks = [
        # GradientNoise(model.parameters()),
        # EarlyStopping(model, patience=3),
    ]
    step = 0
    while step < max_steps:
        inputs, targets = data[step % len(data)]
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(inputs), targets)
        loss.backward()
        for callback in callbacks:
            callback.before_step()
        optimizer.step()
        step += 1


train(20)
