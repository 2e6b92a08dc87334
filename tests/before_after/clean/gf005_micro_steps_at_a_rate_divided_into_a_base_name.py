import torch


def main(cfg, model, loader):
    batch_size = cfg["batch"]
    subdivision = cfg["subdivision"]
    # darknet convention: the rate is per summed sample of the whole window
    base_lr = cfg["lr"] / batch_size / subdivision
    optimizer = torch.optim.SGD(model.parameters(), lr=base_lr, momentum=0.9)
    batches = iter(loader)
    for it in range(cfg["iters"]):
        optimizer.zero_grad()
        for _ in range(subdivision):
            x, y = next(batches)
            loss = model(x, y)
            loss.backward()
        optimizer.step()
