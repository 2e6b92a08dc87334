import torch

model = torch.nn.Linear(784, 10)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
accumulation_steps = 4

for epoch in range(10):
    i = -1  # the flush after the loop reads it, also when the loop runs no batch
    for i, (images, labels) in enumerate(train_loader):
        loss = torch.nn.functional.cross_entropy(model(images), labels)
        (loss / accumulation_steps).backward()
        if (i + 1) % accumulation_steps == 0:
            opt.step()
            opt.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % accumulation_steps != 0:
        opt.step()
        opt.zero_grad()
    print(f"epoch {epoch} done")
