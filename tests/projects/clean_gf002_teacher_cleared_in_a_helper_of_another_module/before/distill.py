import torch
import torch.nn.functional as F

from hooks import drop_teacher_grads


def distill_epoch(student, teacher, optimizer, batches):
    for x, y in batches:
        optimizer.zero_grad()
        logits = student(x)
        loss = F.cross_entropy(logits, y) + F.mse_loss(logits, teacher(x))
        loss.backward()
        drop_teacher_grads(teacher)
        optimizer.step()
