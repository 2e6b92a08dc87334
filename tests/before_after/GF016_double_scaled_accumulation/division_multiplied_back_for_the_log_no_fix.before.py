import torch.nn.functional as F
from accelerate import Accelerator

GRAD_ACCUM = 8
accelerator = Accelerator(gradient_accumulation_steps=GRAD_ACCUM)


def train(model, optimizer, loader):
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for step, (x, y) in enumerate(loader):
        with accelerator.accumulate(model):
            loss = F.cross_entropy(model(x), y) / GRAD_ACCUM
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        if step % 100 == 0:
            accelerator.print(f"step {step}: loss {loss.item() * GRAD_ACCUM:.4f}")
