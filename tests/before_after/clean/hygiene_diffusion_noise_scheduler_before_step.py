import torch
from diffusers import DDPMScheduler


def train(unet, loader, optimizer):
    noise_scheduler = DDPMScheduler(num_train_timesteps=1000)
    for latents in loader:
        noise = torch.randn_like(latents)
        t = torch.randint(0, 1000, (latents.shape[0],))
        noisy = noise_scheduler.add_noise(latents, noise, t)
        pred = unet(noisy, t)
        loss = torch.nn.functional.mse_loss(pred, noise)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        with torch.no_grad():
            sample = noise_scheduler.step(pred.detach(), t[0], noisy).prev_sample
