import torch
import torch.nn as nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 20), nn.Tanh(), nn.Linear(20, 1))
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
x = torch.rand(64, 2)
loss_hist = torch.zeros(0)
for it in range(100):
    loss = net(x).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    loss_hist = torch.cat([loss_hist, loss.detach().reshape(1)])

depth, fn = 0, loss_hist.grad_fn
while fn is not None:
    depth += 1
    fn = fn.next_functions[0][0] if fn.next_functions else None
print("CatBackward chain held by loss_hist:", depth)  # ~100: one per step
