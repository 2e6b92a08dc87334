import torch


def run_epoch(accelerator, segmenter, batches, opt, sched):
    segmenter.train()
    for images, masks in batches:
        with accelerator.accumulate(segmenter):
            logits = segmenter(images)
            loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, masks)
            accelerator.backward(loss / accelerator.gradient_accumulation_steps)
            accelerator.clip_grad_norm_(segmenter.parameters(), 1.0)
            opt.step()
            sched.step()
            opt.zero_grad()
