# The distiller clears the teacher after the backward, but the optimizer handed in is built over
# the student's parameters only: the step's gradients are untouched.
import torch
import torch.nn.functional as F


class Distiller:
    def __init__(self, teacher, student, optimizer):
        self.teacher, self.student, self.optimizer = teacher, student, optimizer

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            with torch.no_grad():
                soft = self.teacher(x).softmax(-1)
            logits = self.student(x)
            loss = F.kl_div(logits.log_softmax(-1), soft, reduction="batchmean") + F.cross_entropy(logits, y)
            loss.backward()
            self.teacher.zero_grad()
            self.optimizer.step()


teacher, student = torch.nn.Linear(4, 3), torch.nn.Linear(4, 3)
Distiller(teacher, student, torch.optim.SGD(student.parameters(), lr=0.1)).fit([])
