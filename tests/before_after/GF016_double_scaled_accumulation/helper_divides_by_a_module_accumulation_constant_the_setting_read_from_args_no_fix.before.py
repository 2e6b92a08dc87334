import argparse

import torch
import torch.nn.functional as F
from accelerate import Accelerator

GRAD_ACCUM = 4


def batch_loss(model, batch):
    tokens, labels = batch
    return F.cross_entropy(model(tokens), labels) / GRAD_ACCUM


def main(model, loader):
    parser = argparse.ArgumentParser()
    parser.add_argument("--grad-accum", type=int, default=GRAD_ACCUM)
    args = parser.parse_args()
    accelerator = Accelerator(gradient_accumulation_steps=args.grad_accum)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        with accelerator.accumulate(model):
            loss = batch_loss(model, batch)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
