# Only a frozen teacher runs under float16 autocast and its outputs are detached: no gradient
# is computed in float16, the student trains in float32 -- no scaler is needed.
import torch
import torch.nn.functional as F
from torch import nn

student = nn.Linear(8, 3).cuda()
teacher = nn.Linear(8, 3).cuda().requires_grad_(False)
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
batches = [torch.randn(4, 8).cuda() for _ in range(6)]
for inputs in batches:
    with torch.autocast("cuda", dtype=torch.float16):
        targets = teacher(inputs).detach().float()
        soft = F.softmax(teacher(inputs), dim=-1).detach()
    optimizer.zero_grad()
    loss = F.mse_loss(student(inputs), targets) + F.kl_div(F.log_softmax(student(inputs), -1), soft, reduction="batchmean")
    loss.backward()
    optimizer.step()
