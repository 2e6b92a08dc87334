# The helper clears by hand the gradients of the frozen encoder only; the optimizer steps the
# head, whose gradients the helper leaves alone.
import torch
import torch.nn.functional as F


def clear_frozen(encoder):
    for p in encoder.parameters():
        p.grad = None


encoder, head = torch.nn.Linear(8, 8), torch.nn.Linear(8, 2)
optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
for x, y in [(torch.randn(2, 8), torch.tensor([0, 1]))]:
    optimizer.zero_grad()
    F.cross_entropy(head(encoder(x)), y).backward()
    clear_frozen(encoder)
    optimizer.step()
