# SAM written by hand with no clear at all: the ascent reads the parameters' own `.grad` after
# the first backward, and the second backward adds onto the first. The hand-fixed loop clears
# twice: at the top of the iteration (the last step's gradients must not steer the ascent) and
# right after the ascent (the step applies the gradient at the perturbed point only).
import torch
import torch.nn.functional as F

RHO = 0.05
model = torch.nn.Sequential(torch.nn.Linear(5, 12), torch.nn.ReLU(), torch.nn.Linear(12, 3))
params = list(model.parameters())
optimizer = torch.optim.SGD(params, lr=0.1, momentum=0.9)
batches = [(torch.randn(8, 5), torch.randint(0, 3, (8,))) for _ in range(6)]
for x, y in batches:
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    with torch.no_grad():
        norm = torch.norm(torch.stack([p.grad.norm() for p in params]))
        shifts = [p.grad * (RHO / (norm + 1e-12)) for p in params]
        for p, e in zip(params, shifts):
            p.add_(e)
    F.cross_entropy(model(x), y).backward()
    with torch.no_grad():
        for p, e in zip(params, shifts):
            p.sub_(e)
    optimizer.step()
