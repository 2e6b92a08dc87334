"""The losses come from the caller, built on one graph: the loop only backpropagates them."""


def backward_each(losses, weights, optimizer):
    optimizer.zero_grad()
    for loss, weight in zip(losses, weights):
        (weight * loss).backward(retain_graph=True)
    optimizer.step()
