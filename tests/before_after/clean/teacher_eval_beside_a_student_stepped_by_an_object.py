import torch
from torch import nn


class Distiller:
    def __init__(self, student, teacher, opt):
        self.student = student
        self.teacher = teacher
        self.opt = opt

    def step(self, x):
        with torch.no_grad():
            target = self.teacher(x).softmax(1)
        self.opt.zero_grad()
        loss = nn.functional.cross_entropy(self.student(x), target)
        loss.backward()
        self.opt.step()
        return loss.item()


student = nn.Linear(6, 3)
teacher = nn.Sequential(nn.Linear(6, 3), nn.Dropout(0.5))
opt = torch.optim.SGD(student.parameters(), lr=0.1)
distiller = Distiller(student, teacher, opt)
batches = [torch.randn(4, 6) for _ in range(5)]
for epoch in range(3):
    teacher.eval()
    for x in batches:
        distiller.step(x)
