import torch
import torch.nn.functional as F

X, Y = torch.randn(256, 8), torch.randn(256, 1)
model = torch.nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
bs = 16
step = start = 0
while step < 100:
    optimizer.zero_grad(set_to_none=True)
    xb, yb = X[start : start + bs], Y[start : start + bs]
    loss = F.mse_loss(model(xb), yb)
    loss.backward(retain_graph=True)
    optimizer.step()
    step += 1
    start = (start + bs) % len(X)
