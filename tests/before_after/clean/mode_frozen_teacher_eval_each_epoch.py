import torch
import torch.nn.functional as F

student = Student()
teacher = Teacher()
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)

for epoch in range(epochs):
    teacher.eval()
    student.train()
    for x, y in loader:
        with torch.no_grad():
            soft = F.softmax(teacher(x) / 4.0, dim=1)
        logits = student(x)
        loss = F.kl_div(F.log_softmax(logits / 4.0, dim=1), soft, reduction="batchmean")
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
