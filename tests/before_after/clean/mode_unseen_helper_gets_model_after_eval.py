import torch
from engine import prepare_for_training

model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        print(model(val_x).argmax(1).eq(val_y).float().mean())
    prepare_for_training(model)
