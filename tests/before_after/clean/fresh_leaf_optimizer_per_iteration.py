import torch


def guided_denoise(latents, denoiser, timesteps, guidance_lr=0.1):
    for t in timesteps:
        # the tensor being optimised is new every step: its .grad starts at None
        z = latents.detach().clone()
        z.requires_grad_(True)
        inner = torch.optim.SGD([z], lr=guidance_lr)
        with torch.enable_grad():
            energy = denoiser(z, t).pow(2).mean()
            energy.backward()
            inner.step()
        latents = z.detach()
    return latents
