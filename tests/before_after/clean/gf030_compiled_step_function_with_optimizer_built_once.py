# A compiled step function stepping an optimizer built once before the loop: nothing rebuilt.
import torch
import torch.nn.functional as F

model = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]


def train_step(x, y):
    optimizer.zero_grad()
    loss = F.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.detach()


step_fn = torch.compile(train_step, backend="eager")
for epoch in range(3):
    for x, y in batches:
        step_fn(x, y)
