import torch
from torch.cuda import amp

from data import build_loader
from models import ResNet18

model = ResNet18().cuda()
loader = build_loader("train", batch_size=128)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=5e-4)
criterion = torch.nn.CrossEntropyLoss()

for epoch in range(200):
    scaler = amp.GradScaler()
    model.train()
    for images, labels in loader:
        images, labels = images.cuda(non_blocking=True), labels.cuda(non_blocking=True)
        with amp.autocast():
            loss = criterion(model(images), labels)
        optimizer.zero_grad()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
