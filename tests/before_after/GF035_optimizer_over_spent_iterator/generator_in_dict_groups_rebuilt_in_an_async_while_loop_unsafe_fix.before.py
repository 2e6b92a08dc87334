from torch import optim


async def fit(model, loader, epochs):
    weights = (p for p in model.parameters() if p.dim() > 1)
    while True:
        opt = optim.SGD([dict(params=weights, lr=0.1, weight_decay=1e-4)], momentum=0.9)
        async for x, y in loader:
            opt.zero_grad()
            (model(x) - y).square().mean().backward()
            opt.step()
        epochs -= 1
        if epochs == 0:
            break
