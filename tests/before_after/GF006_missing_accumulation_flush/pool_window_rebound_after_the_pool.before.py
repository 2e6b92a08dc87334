import torch


def replay(net, opt, batches, span):
    pool = [None] * span
    for j, b in enumerate(batches):
        pool[j % span] = b
    span = max(1, span // 2)
    for idx, (x, y) in enumerate(pool):
        loss = torch.nn.functional.mse_loss(net(x), y) / span
        loss.backward()
        if (idx + 1) % span == 0:
            opt.step()
            opt.zero_grad()
