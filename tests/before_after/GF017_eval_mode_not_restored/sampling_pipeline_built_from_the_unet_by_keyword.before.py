"""A sampling pipeline built around the trained UNet (`Pipeline.from_pretrained(path,
unet=unet)`, which keeps the components it is handed as they are) after `unet.eval()`: nothing
switches the UNet back, so every step after the first sample trains it in eval mode."""

import torch
from diffusers import DDPMScheduler, DiffusionPipeline, UNet2DModel


def train(unet: UNet2DModel, loader, steps, sample_every, path):
    scheduler = DDPMScheduler(num_train_timesteps=1000)
    optimizer = torch.optim.AdamW(unet.parameters(), lr=1e-4)
    unet.train()
    for step, images in zip(range(steps), loader):
        noise = torch.randn_like(images)
        t = torch.randint(0, 1000, (images.shape[0],))
        pred = unet(scheduler.add_noise(images, noise, t), t).sample
        loss = torch.nn.functional.mse_loss(pred, noise)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if step % sample_every == 0:
            unet.eval()
            pipeline = DiffusionPipeline.from_pretrained(path, unet=unet, scheduler=scheduler)
            with torch.no_grad():
                pipeline(batch_size=2).images[0].save(f"sample_{step}.png")
            del pipeline
