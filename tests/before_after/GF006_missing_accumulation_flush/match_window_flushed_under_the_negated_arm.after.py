import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
accum_steps = 4
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]


def train():
    step = -1  # the flush after the loop reads it, also when the loop runs no batch
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y) / accum_steps
        loss.backward()
        match (step + 1) % accum_steps:
            case 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
            case _:
                pass

    # the last micro-batches did not fill a whole window: step on them too
    if (step + 1) % accum_steps != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


train()
