import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
accum_steps = 4
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]


def train():
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y) / accum_steps
        loss.backward()
        match (step + 1) % accum_steps:
            case 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
            case _:
                pass


train()
