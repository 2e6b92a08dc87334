import torch

model = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.BatchNorm1d(16), torch.nn.Linear(16, 2))
optimizer = torch.optim.Adam(model.parameters())

for epoch in range(10):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    model.train(False)
    with torch.no_grad():
        report(model(val_x))
