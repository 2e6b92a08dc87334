import torch
from torch import nn


@torch.enable_grad()
def run_epoch(net, optim, batches):
    for inputs, targets in batches:
        optim.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.mse_loss(net(inputs), targets)
        grad_scaler.scale(loss).backward()
        grad_scaler.step(optim)
        grad_scaler.update()


model = nn.Linear(8, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
data = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(8)]
grad_scaler = torch.amp.GradScaler("cuda")
for epoch in range(5):
    with torch.no_grad():
        run_epoch(model, optimizer, data)
