# The step is a lambda held in a name; the clear runs between the backward and that call, so
# the step applies wiped gradients.
import torch
import torch.nn.functional as F

model = torch.nn.Linear(10, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
apply_update = lambda: optimizer.step()

for inputs, labels in [(torch.randn(16, 10), torch.randint(0, 2, (16,))) for _ in range(20)]:
    optimizer.zero_grad()
    loss = F.cross_entropy(model(inputs), labels)
    loss.backward()
    apply_update()
