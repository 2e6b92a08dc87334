# SAM by hand whose middle clear was written after the second backward instead of between the
# two passes: it wipes the gradient at the perturbed point before the step. The clear belongs
# right after the ascent (which reads the first pass's gradients), not at the top, which
# already clears.
import torch
import torch.nn.functional as F

RHO = 0.05
model = torch.nn.Sequential(torch.nn.Linear(5, 12), torch.nn.ReLU(), torch.nn.Linear(12, 3))
params = list(model.parameters())
optimizer = torch.optim.SGD(params, lr=0.1, momentum=0.9)
batches = [(torch.randn(8, 5), torch.randint(0, 3, (8,))) for _ in range(6)]
for x, y in batches:
    optimizer.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    with torch.no_grad():
        norm = torch.norm(torch.stack([p.grad.norm() for p in params]))
        shifts = [p.grad * (RHO / (norm + 1e-12)) for p in params]
        for p, e in zip(params, shifts):
            p.add_(e)
    sharp_loss = F.cross_entropy(model(x), y)
    sharp_loss.backward()
    optimizer.zero_grad()
    with torch.no_grad():
        for p, e in zip(params, shifts):
            p.sub_(e)
    optimizer.step()
