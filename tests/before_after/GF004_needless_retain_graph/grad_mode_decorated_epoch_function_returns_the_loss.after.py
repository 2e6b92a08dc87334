import torch
import torch.nn.functional as F


@torch.enable_grad()
def train_one_epoch(net, optimizer, batches):
    loss = None
    for xb, yb in batches:
        optimizer.zero_grad()
        loss = F.l1_loss(net(xb), yb)
        loss.backward()
        optimizer.step()
    return loss


net = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(5, 3), torch.randn(5, 1)) for _ in range(4)]
for epoch in range(3):
    last = train_one_epoch(net, optimizer, batches)
    print(f"epoch {epoch}: {last.item():.3f}")
