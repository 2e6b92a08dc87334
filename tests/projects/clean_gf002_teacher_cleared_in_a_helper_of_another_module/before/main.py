import torch

from distill import distill_epoch

student, teacher = torch.nn.Linear(4, 2), torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
for epoch in range(2):
    distill_epoch(student, teacher, optimizer, [(torch.randn(8, 4), torch.randint(0, 2, (8,)))])
