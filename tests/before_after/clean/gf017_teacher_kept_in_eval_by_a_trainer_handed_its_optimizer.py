import torch
import torch.nn as nn


class Distiller:
    def __init__(self, student, teacher, optimizer):
        self.student, self.teacher, self.optimizer = student, teacher, optimizer

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for x, _ in loader:
                self.teacher.eval()  # frozen on purpose: the optimizer trains the student only
                with torch.no_grad():
                    target = self.teacher(x)
                self.optimizer.zero_grad()
                nn.functional.mse_loss(self.student(x), target).backward()
                self.optimizer.step()


def main(student, teacher, loader):
    Distiller(student, teacher, torch.optim.Adam(student.parameters(), lr=1e-3)).fit(loader, 2)
