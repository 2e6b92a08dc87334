import torch
import torch.nn.functional as F

teacher = torch.nn.Linear(6, 3)
student = torch.nn.Linear(6, 3)
probes = []
for trial in range(20):
    # every trial starts again from the teacher's weights: a new run, a new optimizer
    student.load_state_dict(teacher.state_dict())
    optimizer = torch.optim.Adam(student.parameters(), lr=1e-2)
    x, y = torch.randn(8, 6), torch.randint(0, 3, (8,))
    loss = F.cross_entropy(student(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    probes.append((student.weight - teacher.weight).norm().item())
