# The scaler is built here and handed to the step helper that scales the loss and steps
# through it: the float16 autocast is covered.
import torch
import torch.nn.functional as F
from torch import nn


def step(loss, optimizer, grad_scaler):
    grad_scaler.scale(loss).backward()
    grad_scaler.step(optimizer)
    grad_scaler.update()


net = nn.Linear(8, 3).cuda()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(4, 8).cuda(), torch.randint(0, 3, (4,)).cuda()) for _ in range(6)]
scaler = torch.amp.GradScaler("cuda")
for inputs, labels in batches:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = F.cross_entropy(net(inputs), labels)
    step(loss, optimizer, scaler)
