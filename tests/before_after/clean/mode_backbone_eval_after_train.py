import torch

model = SegmentationNet()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

model.train()
model.backbone.eval()  # keep the pretrained batch-norm statistics
for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        predictions = [model(x).argmax(1) for x, _ in val_loader]
