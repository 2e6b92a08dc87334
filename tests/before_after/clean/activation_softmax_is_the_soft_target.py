import torch.nn.functional as F

T = 4.0
for x, y in loader:
    optimizer.zero_grad()
    with torch.no_grad():
        teacher_logits = teacher(x)
    student_logits = student(x)
    soft_targets = F.softmax(teacher_logits / T, dim=1)
    loss = F.cross_entropy(student_logits / T, soft_targets) + F.cross_entropy(student_logits, y)
    loss.backward()
    optimizer.step()
