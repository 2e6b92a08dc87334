"""A learned loss network switched to eval mode right before a helper that adapts a fresh model
under it (and steps an optimizer over the loss network with `lr=0.0`): eval mode is the code's
own choice for that helper's training (the helper reads `loss_net.parameters()`, which is no
forward pass), and the loop switches back to `train()` at its top."""
import torch
from torch import nn

loss_net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1))
meta_optimizer = torch.optim.Adam(loss_net.parameters(), lr=1e-3)


def adapt(student, loss_net, x):
    inner = torch.optim.SGD(student.parameters(), lr=0.1)
    held = torch.optim.SGD(loss_net.parameters(), lr=0.0)
    for _ in range(2):
        inner.zero_grad(set_to_none=True)
        held.zero_grad(set_to_none=True)
        loss_net(student(x)).mean().backward()
        inner.step()
        held.step()
    return student(x).sum().item()


def meta_train(learner, loss_net, x):
    for _ in range(3):
        meta_optimizer.zero_grad(set_to_none=True)
        loss_net(learner(x)).mean().backward()
        meta_optimizer.step()


x = torch.randn(8, 4)
for epoch in range(3):
    loss_net.train()
    meta_train(nn.Linear(4, 4), loss_net, x)
    loss_net.eval()
    print(adapt(nn.Linear(4, 4), loss_net, x))
