"""A detector whose prompt embeddings are tuned only when configured: the prompts' step and an
`update()` sit under `if tune_prompts:`, the detector's step follows the `if` on the gradients
of the same scaled backward."""

import torch


def fit(detector, prompts, loader, det_optim, prompt_optim, grad_scaler, tune_prompts, epochs):
    for epoch in range(epochs):
        for images, targets in loader:
            det_optim.zero_grad(set_to_none=True)
            prompt_optim.zero_grad(set_to_none=True)
            with torch.autocast("cuda"):
                losses = detector(images, targets, prompts=prompts)
                total = sum(losses.values())
            grad_scaler.scale(total).backward()
            if tune_prompts:
                grad_scaler.unscale_(prompt_optim)
                torch.nn.utils.clip_grad_norm_(prompts.parameters(), 1.0)
                grad_scaler.step(prompt_optim)
            grad_scaler.step(det_optim)
            grad_scaler.update()
