import torch
import torch.nn.functional as F
from torch import nn

teacher = nn.Linear(16, 10)
student = nn.Linear(16, 10)
optimizer = torch.optim.Adam(student.parameters(), lr=1e-3)
T = 4.0
for x, y in [(torch.randn(32, 16), torch.randint(0, 10, (32,)))] * 5:
    with torch.no_grad():
        soft_targets = F.softmax(teacher(x) / T, dim=-1)
    logits = student(x)
    distill = F.kl_div(F.softmax(logits / T, dim=-1), soft_targets, reduction="batchmean") * T * T
    loss = 0.7 * distill + 0.3 * F.cross_entropy(logits, y)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
