import torch
import torch.nn.functional as F
from accelerate import Accelerator


def fit(denoiser, batches, noise_steps=1000, epochs=3):
    accelerator = Accelerator(gradient_accumulation_steps=2)
    opt = torch.optim.AdamW(denoiser.parameters(), lr=1e-4)
    denoiser, opt, batches = accelerator.prepare(denoiser, opt, batches)
    for epoch in range(epochs):
        for images in batches:
            t = torch.randint(0, noise_steps, (images.shape[0],))
            with accelerator.accumulate(denoiser):
                # denoise a noisy copy and score it against the noise added
                opt.zero_grad()
                noise = torch.randn_like(images)
                loss = F.mse_loss(denoiser(images + noise, t), noise)
                accelerator.backward(loss)
                opt.step()
