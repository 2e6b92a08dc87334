# The step runs under `if iteration < iterations:` and a helper of the file clears each
# gradient by multiplying it by zero after the step: the bounded-step check sees a clear.
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
iterations = 100


def reset(m):
    for p in m.parameters():
        if p.grad is not None:
            p.grad.mul_(0)


for iteration in range(1, iterations + 1):
    loss = model(torch.randn(8, 4)).pow(2).mean()
    loss.backward()
    if iteration < iterations:
        optimizer.step()
        reset(model)
