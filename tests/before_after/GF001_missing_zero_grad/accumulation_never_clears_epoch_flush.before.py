import torch

model = torch.nn.Linear(784, 10)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
accumulation_steps = 4
opt.zero_grad()  # once, before training: not enough

for epoch in range(2):
    for i, (images, labels) in enumerate(train_loader):
        loss = torch.nn.functional.cross_entropy(model(images), labels)
        (loss / accumulation_steps).backward()
        if (i + 1) % accumulation_steps == 0:
            opt.step()
    if (i + 1) % accumulation_steps != 0:
        opt.step()
