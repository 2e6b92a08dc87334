# The step function is imported in a `try` arm with a fallback in `except ImportError:`; the
# fallback's step (slow.py) does not clear, but the loop clears before each call of either.
import torch

try:
    from .fast import train_step
except ImportError:
    from .slow import train_step


def fit(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            train_step(model, opt, x, y)
