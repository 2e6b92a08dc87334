# The loss function is a parameter, and the file's own call fills it with a loss that does not
# divide by the window: each micro-batch's full loss is accumulated. Reported, with the safe fix.
import torch
import torch.nn.functional as F

WINDOW = 4


def accumulate_epoch(model, optimizer, batches, loss_fn, accum_steps):
    for index, (inputs, targets) in enumerate(batches):
        loss = loss_fn(model(inputs), targets)
        loss.backward()
        if (index + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    if len(batches) % accum_steps:
        optimizer.step()
        optimizer.zero_grad()


model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(10)]
for epoch in range(3):
    accumulate_epoch(model, optimizer, batches, F.cross_entropy, WINDOW)
