# Training runs in float32; the float16 autocast blocks after each epoch only evaluate, into
# Python numbers and index tensors (a generator of `.item()` values, a list of predicted
# classes): no graph leaves them, so no gradient is computed in float16. Correct.
import torch
import torch.nn as nn

model = nn.Linear(4, 3).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
crit = nn.CrossEntropyLoss()
for epoch in range(2):
    for x, y in loader:
        opt.zero_grad()
        loss = crit(model(x.cuda()), y.cuda())
        loss.backward()
        opt.step()
    with torch.autocast("cuda", dtype=torch.float16):
        val_loss = sum(crit(model(x.cuda()), y.cuda()).item() for x, y in val_loader)
        predictions = [model(x.cuda()).argmax(1).cpu() for x, _ in val_loader]
    print(epoch, val_loss, len(predictions))
