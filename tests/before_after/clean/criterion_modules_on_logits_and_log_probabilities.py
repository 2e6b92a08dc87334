"""Loss modules done right: a criterion whose `forward` takes log-softmax before `nll_loss`, a
distillation module with the student's log-softmax and the teacher's softmax, and a model whose
`forward` returns probabilities for inference but computes its loss on the logits."""
import torch
import torch.nn.functional as F
from torch import nn


class SmoothedNLL(nn.Module):
    def forward(self, logits, labels):
        return F.nll_loss(F.log_softmax(logits, dim=1), labels)


class DistillKL(nn.Module):
    def __init__(self, temperature):
        super().__init__()
        self.temperature = temperature

    def forward(self, student_logits, teacher_logits):
        log_p_s = F.log_softmax(student_logits / self.temperature, dim=1)
        p_t = F.softmax(teacher_logits / self.temperature, dim=1)
        return F.kl_div(log_p_s, p_t, reduction="batchmean")


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 3)

    def forward(self, x, labels=None):
        logits = self.head(x)
        if labels is None:
            return F.softmax(logits, dim=-1)
        return F.cross_entropy(logits, labels)


model, teacher = Classifier(), Classifier()
nll, distill = SmoothedNLL(), DistillKL(2.0)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(20):
    x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
    optimizer.zero_grad(set_to_none=True)
    logits = model.head(x)
    with torch.no_grad():
        soft = teacher.head(x)
    loss = model(x, labels=y) + nll(logits, y) + distill(logits, soft)
    loss.backward()
    optimizer.step()
