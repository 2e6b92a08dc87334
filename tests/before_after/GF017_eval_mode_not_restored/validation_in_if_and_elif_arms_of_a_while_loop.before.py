import torch
import torch.nn.functional as F


def quick_check(model, batch):
    model.eval()
    with torch.no_grad():
        x, y = batch
        return F.cross_entropy(model(x), y).item()


def full_check(model, loader):
    model.eval()
    losses = []
    with torch.no_grad():
        for x, y in loader:
            losses.append(F.cross_entropy(model(x), y).item())
    return sum(losses) / len(losses)


def run(model, train_loader, val_loader, max_steps, probe_batch):
    sgd = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    step = 0
    while step < max_steps:
        for x, y in train_loader:
            sgd.zero_grad()
            F.cross_entropy(model(x), y).backward()
            sgd.step()
            step += 1
        if step % 1000 == 0:
            val = full_check(model, val_loader)
        elif step % 100 == 0:
            val = quick_check(model, probe_batch)
        else:
            val = None
        print(step, val)
