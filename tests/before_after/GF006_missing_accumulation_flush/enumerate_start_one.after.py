import torch


def fit(net, batches, optim, n):
    it = 0  # the flush after the loop reads it, also when the loop runs no batch
    for it, (x, y) in enumerate(batches, start=1):
        out = net(x)
        loss = torch.nn.functional.cross_entropy(out, y) / n
        loss.backward()
        if it % n == 0:
            optim.step()
            optim.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if it % n != 0:
        optim.step()
        optim.zero_grad()
