import torch


def test(model, loader):
    model.eval()
    with torch.no_grad():
        return sum(torch.nn.functional.cross_entropy(model(x), y).item() for x, y in loader)


model = make_model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model.train()
for epoch in range(10):
    print("before epoch", epoch, test(model, val_loader))
    for x, y in train_loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
