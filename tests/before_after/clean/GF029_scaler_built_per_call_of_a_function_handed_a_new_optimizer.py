import torch
import torch.nn.functional as F


def train_run(model, batches, optimizer):
    scaler = torch.amp.GradScaler("cuda")
    for inputs, targets in batches:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(inputs), targets)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def sweep(model, batches, rates):
    # every call trains a new run with a new optimizer: its own scaler is right
    for rate in rates:
        train_run(model, batches, torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9))
    trial = 0
    while trial < 3:
        train_run(model, batches, optimizer=torch.optim.Adam(model.parameters()))
        trial += 1
