import torch


def train(model, loader, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    i = -1  # the flush after the loop reads it, also when the loop runs no batch
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum == 0:
            opt.step()
            for p in model.parameters():
                if p.grad is not None:
                    p.grad *= 0

    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % accum != 0:
        opt.step()
        for p in model.parameters():
            if p.grad is not None:
                p.grad *= 0
