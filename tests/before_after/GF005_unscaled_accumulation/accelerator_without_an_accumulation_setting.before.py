import torch
from accelerate import Accelerator

GRAD_ACC = 4


def main(model, loader, lr=1e-3):
    accelerator = Accelerator()  # no gradient_accumulation_steps: its backward divides by 1
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for step, (x, y) in enumerate(loader, start=1):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        accelerator.backward(loss)
        if step % GRAD_ACC == 0 or step == len(loader):
            optimizer.step()
            optimizer.zero_grad()
