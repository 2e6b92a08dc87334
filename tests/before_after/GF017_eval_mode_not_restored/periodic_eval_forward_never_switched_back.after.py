# The periodic branch switches to eval() and runs a forward with gradients whose loss joins the
# one the backward walks; nothing switches the model back, so the later iterations train in eval.
import torch
import torch.nn as nn

inputs = torch.randn(64, 6)
targets = torch.randint(0, 4, (64,))

model = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, 4))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

model.train()
for epoch in range(200):
    logits = model(inputs)
    loss = criterion(logits, targets)

    if epoch % 20 == 0:
        model.eval()
        extra = model(inputs)
        parts = [loss]
        parts.append(0.1 * criterion(extra, targets))
        loss = sum(parts)
        model.train()

    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
