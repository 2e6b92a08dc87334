# The scheduler and the optimizer are stepped by lambdas of a list run in order, the
# scheduler's first (written in the `for` itself, or bound once to a name): the first learning
# rate is skipped. Reported without a fix (the list's order is for a person to change).
import torch
import torch.nn.functional as F

model = torch.nn.Linear(10, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5, gamma=0.5)
batches = [(torch.randn(16, 10), torch.randint(0, 2, (16,))) for _ in range(20)]

for inputs, labels in batches:
    optimizer.zero_grad()
    loss = F.cross_entropy(model(inputs), labels)
    loss.backward()
    for update in [lambda: scheduler.step(), lambda: optimizer.step()]:
        update()


def finetune(model, batches):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
    updates = (lambda: sched.step(), lambda: opt.step())
    for inputs, labels in batches:
        opt.zero_grad()
        F.cross_entropy(model(inputs), labels).backward()
        for update in updates:
            update()
