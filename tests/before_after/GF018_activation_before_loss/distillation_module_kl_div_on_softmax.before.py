"""A distillation loss module whose `forward` feeds the student's softmax (not its
log-softmax) to `F.kl_div`, which expects log-probabilities; the teacher's softmax is the
target, as it should be."""
import torch
import torch.nn.functional as F
from torch import nn


class DistillKL(nn.Module):
    def __init__(self, temperature):
        super().__init__()
        self.temperature = temperature

    def forward(self, student_logits, teacher_logits):
        p_s = F.softmax(student_logits / self.temperature, dim=1)
        p_t = F.softmax(teacher_logits / self.temperature, dim=1)
        return F.kl_div(p_s, p_t, reduction="batchmean") * self.temperature**2


student, teacher = nn.Linear(4, 3), nn.Linear(4, 3)
distill = DistillKL(4.0)
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
for step in range(20):
    x = torch.randn(16, 4)
    optimizer.zero_grad(set_to_none=True)
    with torch.no_grad():
        targets = teacher(x)
    distill(student(x), targets).backward()
    optimizer.step()
