import torch
from accelerate import Accelerator


def train(unet, train_dataloader, noise_scheduler, lr_scheduler, args):
    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps)
    optimizer = torch.optim.AdamW(unet.parameters(), lr=args.learning_rate)
    unet, optimizer, train_dataloader = accelerator.prepare(unet, optimizer, train_dataloader)
    global_step = 0
    for epoch in range(args.num_train_epochs):
        for step, batch in enumerate(train_dataloader):
            with accelerator.accumulate(unet):
                noise = torch.randn_like(batch["latents"])
                pred = unet(batch["latents"] + noise)
                loss = torch.nn.functional.mse_loss(pred, noise)
                accelerator.backward(loss)
                if accelerator.sync_gradients:
                    accelerator.clip_grad_norm_(unet.parameters(), 1.0)
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()
            if accelerator.sync_gradients:
                global_step += 1
