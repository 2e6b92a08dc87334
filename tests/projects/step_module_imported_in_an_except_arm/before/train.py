# The steps module is imported under one name in a `try` arm and its `except ImportError:`
# fallback; the fallback's step (slow_steps.py) never clears.
import torch

try:
    import fast_steps as steps
except ImportError:
    import slow_steps as steps


def fit(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            steps.train_step(model, opt, x, y)
