def train(loader, model, criterion, optimizer, epoch):
    model.train()
    for i, (inputs, target) in enumerate(loader):
        loss = criterion(model(inputs), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % 100 == 0:
            print(f"epoch {epoch} [{i}] loss {loss.item():.4f}")
