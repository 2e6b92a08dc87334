import torch
import torch.nn.functional as F

X, Y = torch.randn(512, 8), torch.randn(512, 1)
model = torch.nn.Linear(8, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
offset = 0
while offset < len(X):
    xb, yb = X[offset : offset + 32], Y[offset : offset + 32]
    optimizer.zero_grad(set_to_none=True)
    loss = F.mse_loss(model(xb), yb)
    loss.backward()
    optimizer.step()
    offset += xb.size(0)
