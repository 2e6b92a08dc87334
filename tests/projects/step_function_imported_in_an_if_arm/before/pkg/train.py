# The step function is imported in both arms of an `if`; the `if` arm's (slow.py) never clears,
# and runs whenever FAST is set.
import os
import torch

FAST = os.environ.get("FAST") == "1"
if FAST:
    from .slow import train_step
else:
    from .fast import train_step


def fit(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            train_step(model, opt, x, y)
