# A LambdaLR given a function of the module that decays over the epoch count, stepped after
# every batch: the factor reaches 0 within the first epoch (and goes negative after it).
import torch


def poly(epoch):
    return (1 - epoch / args.epochs) ** 0.9


optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda=poly)
for epoch in range(args.epochs):
    i = 0
    while i < len(loader.dataset) // BATCH:
        x, y = next(batches)
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        scheduler.step()
        i += 1
