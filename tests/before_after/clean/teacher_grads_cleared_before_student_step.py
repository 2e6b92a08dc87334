"""Distillation: the teacher is frozen in spirit but not in code, so the student's backward
also leaves gradients on the teacher; they are dropped between the backward and the student's
step. The clear is the teacher's, not the optimizer's: the student's gradients survive."""

import torch


def distill(student, teacher, loader, optimizer, temperature=2.0):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        soft = torch.softmax(teacher(x) / temperature, dim=-1)
        loss = torch.nn.functional.kl_div(torch.log_softmax(student(x) / temperature, dim=-1), soft, reduction="batchmean")
        loss.backward()
        teacher.zero_grad(set_to_none=True)
        optimizer.step()
