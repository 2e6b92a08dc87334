# The scaler comes from a factory function of the file that returns torch's `GradScaler`;
# the loss is scaled for the backward, but the optimizer is stepped directly.
import torch


def make_scaler(enabled):
    return torch.cuda.amp.GradScaler(enabled=enabled)


def train(model, loader, criterion, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scaler = make_scaler(True)
    for _ in range(epochs):
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.float16):
                loss = criterion(model(x.cuda()), y.cuda())
            scaler.scale(loss).backward()
            opt.step()
            scaler.update()
