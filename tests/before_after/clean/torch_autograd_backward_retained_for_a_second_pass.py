import torch
from torch import nn

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(10)]

for epoch in range(3):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = nn.functional.mse_loss(out, y)
        torch.autograd.backward(loss, retain_graph=True)
        # the gradient of the data term alone, logged before the penalty adds to it
        data_grad_norm = model.weight.grad.norm().item()
        # the second pass reads the retained graph again
        penalty = out.pow(2).mean()
        torch.autograd.backward(penalty)
        optimizer.step()
