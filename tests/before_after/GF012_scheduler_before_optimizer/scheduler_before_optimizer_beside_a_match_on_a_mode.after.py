import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(12)]
mode = 1

for epoch in range(3):
    for x, y in loader:
        match mode:
            case 0:
                print("dry run")
            case _:
                pass
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
