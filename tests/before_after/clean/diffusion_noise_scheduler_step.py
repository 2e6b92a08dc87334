import torch


def train_and_sample(unet, noise_scheduler, loader, shape):
    optimizer = torch.optim.AdamW(unet.parameters(), lr=1e-4)
    for clean in loader:
        noise = torch.randn_like(clean)
        timesteps = torch.randint(0, 1000, (clean.size(0),))
        noisy = noise_scheduler.add_noise(clean, noise, timesteps)
        loss = torch.nn.functional.mse_loss(unet(noisy, timesteps), noise)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()

    sample = torch.randn(shape)
    with torch.no_grad():
        for t in noise_scheduler.timesteps:
            residual = unet(sample, t)
            sample = noise_scheduler.step(residual, t, sample).prev_sample
    return sample
