# Training runs in float32 but a float16 autocast block sums validation losses as tensors and
# steps on their sum (a tuning step on validation data): that gradient is unscaled.
import torch
import torch.nn as nn

model = nn.Linear(4, 3).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
crit = nn.CrossEntropyLoss()
loader = [(torch.randn(4, 4), torch.randint(0, 3, (4,))) for _ in range(3)]
val_loader = loader
for epoch in range(2):
    for x, y in loader:
        opt.zero_grad()
        loss = crit(model(x.cuda()), y.cuda())
        loss.backward()
        opt.step()
    with torch.autocast("cuda", dtype=torch.float16):
        val_loss = sum(crit(model(x.cuda()), y.cuda()) for x, y in val_loader)
        opt.zero_grad()
        val_loss.backward()
        opt.step()
    print(epoch, val_loss)
