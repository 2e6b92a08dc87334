import torch
import torch.nn.functional as F

model = torch.nn.Linear(10, 1, bias=False)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
data = torch.randn(100, 10)
target = torch.randn(100, 1)

for epoch in range(3):
    total = 0.0
    for start in range(0, 100, 20):
        opt.zero_grad(set_to_none=True)
        xb = data[start : start + 20]
        yb = target[start : start + 20]
        loss = F.mse_loss(model(xb), yb)
        loss.backward()
        opt.step()
        total += loss.item()
    print(f"epoch {epoch}: {total:.4f}")
