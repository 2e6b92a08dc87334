# Hand-written SGD steps that clear the gradients they apply: `.zero_()` after the update, `.grad
# = None`, or new leaf tensors each iteration.
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
        weight2 -= step_size * weight2.grad
        weight1.grad.zero_()
        bias1.grad.zero_()
        weight2.grad.zero_()

for it in range(100):
    hidden = torch.tanh(features @ weight1 + bias1)
    loss = F.cross_entropy(hidden @ weight2, labels)
    loss.backward()
    weight1.data -= step_size * weight1.grad.data
    bias1.data -= step_size * bias1.grad.data
    weight2.data.sub_(step_size * weight2.grad.data)
    weight1.grad = None
    bias1.grad = None
    weight2.grad = None

w = torch.zeros(5, 3, requires_grad=True)
for it in range(100):
    loss = F.cross_entropy(features @ w, labels)
    loss.backward()
    w = (w - step_size * w.grad).detach().requires_grad_()
