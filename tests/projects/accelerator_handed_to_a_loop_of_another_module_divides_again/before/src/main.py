import torch
from accelerate import Accelerator

from fit.loops import run_epoch


def main(segmenter, dataset, epochs=10):
    accelerator = Accelerator(gradient_accumulation_steps=8, mixed_precision="no")
    opt = torch.optim.AdamW(segmenter.parameters(), lr=2e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs * len(dataset))
    loader = torch.utils.data.DataLoader(dataset, batch_size=4, shuffle=True)
    segmenter, opt, loader, sched = accelerator.prepare(segmenter, opt, loader, sched)
    for _ in range(epochs):
        run_epoch(accelerator, segmenter, loader, opt, sched)
