# Optimizers kept in a dict and stepped in an inner loop over their keys, never cleared.
# `opts[name]` reads the inner loop's variable: at the top of the iteration `name` is unbound
# (or names the last key of the previous iteration), and right before the step comes after
# the backward: reported without a fix (the hand fix clears every key in a loop of its own).
import torch


def train(body, head, loader, criterion):
    opts = {
        "body": torch.optim.SGD(body.parameters(), lr=0.05, momentum=0.9),
        "head": torch.optim.SGD(head.parameters(), lr=0.05),
    }
    for x, y in loader:
        criterion(head(body(x)), y).backward()
        for name in ("body", "head"):
            opts[name].step()
