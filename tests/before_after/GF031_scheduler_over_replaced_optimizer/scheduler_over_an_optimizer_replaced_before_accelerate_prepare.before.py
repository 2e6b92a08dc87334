import torch
import torch.nn.functional as F
from accelerate import Accelerator


def main(model, loader, epochs):
    accelerator = Accelerator()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs * len(loader))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model, optimizer, loader, scheduler = accelerator.prepare(model, optimizer, loader, scheduler)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            accelerator.backward(F.mse_loss(model(x), y))
            optimizer.step()
            scheduler.step()
