# A hand-written SGD step on leaf tensors: nothing clears their `.grad`, so every update applies
# the sum of all gradients since the loop began.
import torch
import torch.nn.functional as F

features = torch.randn(48, 5)
labels = torch.randint(0, 3, (48,))

weight1 = torch.randn(5, 10, requires_grad=True)
bias1 = torch.zeros(10, requires_grad=True)
weight2 = torch.randn(10, 3, requires_grad=True)
step_size = 0.1

for it in range(100):
    hidden = torch.tanh(features @ weight1 + bias1)
    loss = F.cross_entropy(hidden @ weight2, labels)
    loss.backward()
    with torch.no_grad():
        weight1 -= step_size * weight1.grad
        bias1 -= step_size * bias1.grad
        weight2.data -= step_size * weight2.grad.data
    weight1.grad = None
    bias1.grad = None
    weight2.grad = None
    if it % 25 == 0:
        print(it, loss.item())
