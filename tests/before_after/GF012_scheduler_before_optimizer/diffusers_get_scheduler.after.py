"""diffusers' `get_scheduler` (in `diffusers.optimization`) builds a torch LambdaLR: stepped
before the optimizer it skips the first learning rate, in the loop and in a helper it is
handed to. (diffusers' noise schedulers are another thing, and stay out of GF012.)"""
import torch
from diffusers.optimization import get_scheduler


def run_epoch(unet, batches, optimizer, lr_scheduler):
    for latents, targets in batches:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(unet(latents), targets).backward()
        optimizer.step()
        lr_scheduler.step()


def main(unet, batches, epochs):
    optimizer = torch.optim.AdamW(unet.parameters(), lr=1e-4)
    lr_scheduler = get_scheduler("cosine", optimizer=optimizer, num_warmup_steps=10, num_training_steps=epochs * len(batches))
    for _ in range(epochs):
        run_epoch(unet, batches, optimizer, lr_scheduler)
