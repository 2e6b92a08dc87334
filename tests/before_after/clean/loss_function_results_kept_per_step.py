"""A step collects what the loss function returns for each chunk of the batch (a tuple, or a
dict), in a list rebuilt every step and handed to a logger: those are not loss tensors (they
have no `.detach()`), and the list lives for one step only."""
import torch


def loss_with_count(net, chunk):
    inputs, targets = chunk
    return torch.nn.functional.mse_loss(net(inputs), targets), inputs.size(0)


def loss_as_dict(net, chunk):
    inputs, targets = chunk
    return {"loss": torch.nn.functional.l1_loss(net(inputs), targets), "count": inputs.size(0)}


def step_tuple(net, optimizer, chunks, loss_fn, log):
    optimizer.zero_grad()
    kept = []
    for chunk in chunks:
        result = loss_fn(net, chunk)
        value, count = result
        kept.append(result)
        (value / len(chunks)).backward()
    optimizer.step()
    log(kept)


def step_dict(net, optimizer, chunks, loss_fn, log):
    optimizer.zero_grad()
    kept = []
    for chunk in chunks:
        result = loss_fn(net, chunk)
        kept.append(result)
        (result["loss"] / len(chunks)).backward()
    optimizer.step()
    log(kept)


def train(net, batches, log):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    for chunks in batches:
        step_tuple(net, optimizer, chunks, loss_with_count, log)
        step_dict(net, optimizer, chunks, loss_as_dict, log)
