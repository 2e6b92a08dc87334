import torch


def converted_each_step(model, loader, epochs):
    # the sum reset once per epoch keeps numbers only
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    per_epoch = len(loader)
    batches = iter(loader)
    for step in range(epochs * per_epoch):
        epoch, i = divmod(step, per_epoch)
        if i == 0:
            batches = iter(loader)
            total = 0.0
        x, y = next(batches)
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        total += loss.item() * x.size(0)
        if i == per_epoch - 1:
            print(epoch, total)


def window_backpropagated(model, loader, accum):
    # a window loss reset under an `if` and backpropagated once per window
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for i, (x, y) in enumerate(loader):
        if i % accum == 0:
            window = 0.0
        window = window + torch.nn.functional.cross_entropy(model(x), y)
        if (i + 1) % accum == 0:
            optimizer.zero_grad()
            window.backward()
            optimizer.step()


def reset_in_both_arms(model, loader):
    # bound afresh on every pass (one arm or the other)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for i, (x, y) in enumerate(loader):
        if i % 10 == 0:
            shown = 0.0
        else:
            shown = 1.0
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        shown += loss
        print(shown)


def reset_and_grown_in_one_block(model, loader):
    # the sum lives within the `if` block of one pass
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        if i % 10 == 0:
            shown = 0.0
            shown += loss
            print(shown)
