import torch
from accelerate import Accelerator


def main(model, loader):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    model.train()
    for batch in loader:
        with accelerator.accumulate(model):
            outputs = model(**batch)
            loss = outputs.loss
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
