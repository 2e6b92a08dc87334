# A helper backpropagates and then sets every parameter's gradient to None by hand: the step
# the loop runs next has no gradient to apply.
import torch
import torch.nn.functional as F

net = torch.nn.Linear(8, 3)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)


def backward_and_release(loss, module):
    loss.backward()
    for p in module.parameters():
        p.grad = None


for step in range(100):
    x, y = torch.randn(32, 8), torch.randint(0, 3, (32,))
    loss = F.cross_entropy(net(x), y)
    backward_and_release(loss, net)
    optimizer.step()
