import torch
import torch.nn.functional as F

weight = torch.zeros(8, 3, requires_grad=True)
bias = torch.zeros(3, requires_grad=True)
stream = iter(make_batches())
grad_norms = []
while True:
    try:
        features, target = next(stream)
    except StopIteration:
        break
    loss = F.cross_entropy(features @ weight + bias, target)
    loss.backward()
    grad_norms.append(weight.grad.norm().item())
    with torch.no_grad():
        weight.sub_(0.05 * weight.grad)
        bias.add_(bias.grad, alpha=-0.05)
    weight.grad = None
    bias.grad = None
