import torch
import torch.nn.functional as F


def train_step(model, optimizer, x, y):
    scaler = torch.amp.GradScaler("cuda")
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast("cuda", dtype=torch.float16):
        loss = F.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return loss.detach()


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for x, y in loader:
            loss = train_step(model, optimizer, x.cuda(), y.cuda())
        print(epoch, float(loss))
