import torch

model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(epochs):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    model.eval()
    export_onnx(model.state_dict())
    # evaluate with batch statistics on purpose (small validation batches)
    model.train()
    with torch.no_grad():
        val = sum(torch.nn.functional.cross_entropy(model(x), y).item() for x, y in val_loader)
