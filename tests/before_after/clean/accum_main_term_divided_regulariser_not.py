"""Only the main term is divided by the window: the author decided how the loss accumulates."""
import torch

model = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
accum = 4
loader = [(torch.randn(2, 3), torch.randn(2, 1))] * 8
for i, (x, y) in enumerate(loader):
    ce = ((model(x) - y) ** 2).mean()
    reg = sum(p.pow(2).sum() for p in model.parameters())
    loss = ce / accum + 1e-4 * reg  # the regulariser is not divided
    loss.backward()
    if (i + 1) % accum == 0 or i + 1 == len(loader):
        opt.step()
        opt.zero_grad(set_to_none=True)
