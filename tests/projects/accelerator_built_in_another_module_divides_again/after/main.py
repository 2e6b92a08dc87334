import torch

from runtime.loop import run_epoch
from runtime.setup import accelerator


def main(model, batches):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    scheduler = torch.optim.lr_scheduler.LinearLR(optimizer)
    model, optimizer, batches, scheduler = accelerator.prepare(model, optimizer, batches, scheduler)
    for _ in range(2):
        run_epoch(model, optimizer, scheduler, batches)
