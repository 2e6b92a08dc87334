import torch


def score(network, batches):
    network.eval()
    with torch.no_grad():
        return sum((network(x).argmax(1) == y).float().mean().item() for x, y in batches)


def fit(network, opt, loss_fn, batches, rounds):
    for r in range(rounds):
        for x, y in batches:
            opt.zero_grad(set_to_none=True)
            loss_fn(network(x), y).backward()
            opt.step()
        print(r, score(network, batches))
