# The first backward is for the input's gradient (FGSM); the clear after it empties the
# parameters' gradients before the training loss's backward: correct.
import torch
from torch import nn

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in loader:
    x = x.clone().requires_grad_(True)
    nn.functional.cross_entropy(model(x), y).backward()
    opt.zero_grad()
    x_adv = (x + 0.1 * x.grad.sign()).detach()
    loss = nn.functional.cross_entropy(model(x_adv), y)
    loss.backward()
    opt.step()
