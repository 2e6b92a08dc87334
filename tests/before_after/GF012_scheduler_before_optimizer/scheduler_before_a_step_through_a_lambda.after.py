# The step is a lambda held in a name, called after the scheduler's step: the first learning
# rate is skipped.
import torch
import torch.nn.functional as F

model = torch.nn.Linear(10, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5, gamma=0.5)
apply_update = lambda: optimizer.step()

for inputs, labels in [(torch.randn(16, 10), torch.randint(0, 2, (16,))) for _ in range(20)]:
    optimizer.zero_grad()
    loss = F.cross_entropy(model(inputs), labels)
    loss.backward()
    apply_update()
    scheduler.step()
