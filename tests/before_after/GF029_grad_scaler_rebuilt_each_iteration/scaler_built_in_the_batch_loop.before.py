import torch
import torch.nn as nn

model = nn.Linear(16, 4).cuda()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


def train(loader):
    model.train()
    for inputs, targets in loader:
        # mixed precision: scale the loss so fp16 gradients do not underflow
        scaler = torch.cuda.amp.GradScaler()
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = criterion(model(inputs.cuda()), targets.cuda())
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
