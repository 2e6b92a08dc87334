import torch

model = RetinaNet()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-5)

model.train()
model.freeze_bn()
for epoch in range(epochs):
    for images, annotations in loader:
        optimizer.zero_grad()
        loss = model(images, annotations)
        loss.backward()
        optimizer.step()
    model.eval()
    detections = [model(images) for images, _ in val_loader]
