import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
accum_steps = 4
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(12)]


def train_one(step, batch):
    x, y = batch
    loss = nn.functional.mse_loss(model(x), y) / accum_steps
    loss.backward()
    if step % accum_steps == 0:
        optimizer.step()
        optimizer.zero_grad()


def main():
    step = 0
    while step < len(batches):
        train_one(step, batches[step])
        step += 1


main()
