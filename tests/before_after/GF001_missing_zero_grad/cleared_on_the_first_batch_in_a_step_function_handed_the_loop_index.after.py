import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(3, 9), nn.Tanh(), nn.Linear(9, 1))
adam = torch.optim.Adam(model.parameters(), lr=5e-3)
samples = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(7)]


def fit_batch(x, y, position):
    adam.zero_grad(set_to_none=True)
    if position == 0:
        adam.zero_grad()
    loss = nn.functional.l1_loss(model(x), y)
    loss.backward()
    adam.step()


for epoch in range(3):
    for position, (x, y) in enumerate(samples):
        fit_batch(x, y, position=position)
