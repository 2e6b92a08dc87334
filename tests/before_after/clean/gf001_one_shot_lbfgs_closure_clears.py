# One LBFGS step fits the temperature; the closure clears before each evaluation's backward
# (or LBFGS evaluates only once: max_iter=1), as torch documents it.
import torch
import torch.nn.functional as F

logits = torch.randn(64, 5) * 3
labels = torch.randint(0, 5, (64,))
temperature = torch.nn.Parameter(torch.ones(1))
optimizer = torch.optim.LBFGS([temperature], lr=0.1, max_iter=50)
single = torch.optim.LBFGS([temperature], lr=0.1, max_iter=1)


def closure():
    optimizer.zero_grad()
    loss = F.cross_entropy(logits / temperature, labels)
    loss.backward()
    return loss


def once():
    loss = F.cross_entropy(logits / temperature, labels)
    loss.backward()
    return loss


def reset_then_loss():
    clear(temperature)
    loss = F.cross_entropy(logits / temperature, labels)
    loss.backward()
    return loss


def clear(parameter):
    parameter.grad = None


optimizer.step(closure)
single.step(once)
optimizer.step(reset_then_loss)
