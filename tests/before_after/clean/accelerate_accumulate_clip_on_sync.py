import torch
from accelerate import Accelerator


def train(model, loader, lr_scheduler, max_grad_norm=1.0):
    accelerator = Accelerator(gradient_accumulation_steps=8, mixed_precision="fp16")
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    model, optimizer, loader, lr_scheduler = accelerator.prepare(model, optimizer, loader, lr_scheduler)
    for batch in loader:
        with accelerator.accumulate(model):
            loss = model(**batch).loss
            accelerator.backward(loss)
            if accelerator.sync_gradients:
                accelerator.clip_grad_norm_(model.parameters(), max_grad_norm)
            optimizer.step()
            if not accelerator.optimizer_step_was_skipped:
                lr_scheduler.step()
            optimizer.zero_grad()
    accelerator.wait_for_everyone()
    return accelerator.unwrap_model(model)
