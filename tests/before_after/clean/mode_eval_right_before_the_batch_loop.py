import torch

model = build_probe()
optimizer = torch.optim.SGD(model.classifier.parameters(), lr=0.05)

for epoch in range(epochs):
    model.eval()  # the backbone is frozen: its batch norm keeps the pretrained statistics
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
