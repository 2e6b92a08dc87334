import torch
import torch.nn as nn
import torch.nn.functional as F

student = nn.Linear(8, 3)
teacher = nn.Linear(8, 3)
opt = torch.optim.SGD(student.parameters(), lr=0.1)
divergence = nn.KLDivLoss(reduction="batchmean")
data = [torch.randn(16, 8) for _ in range(4)]

for epoch in range(3):
    for x in data:
        with torch.no_grad():
            target = F.softmax(teacher(x), dim=1)  # a target of probabilities: right
        opt.zero_grad()
        loss = F.kl_div(F.softmax(student(x), dim=1), target, reduction="batchmean")
        loss = loss + divergence(F.softmax(student(x), dim=1), target)
        loss.backward()
        opt.step()
