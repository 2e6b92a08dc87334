import torch

from models import Scorer  # an nn.Module with Lightning-style method names


def fit(scorer: Scorer, batches, optim, max_norm=1.0, fp16=True):
    scaler = torch.cuda.amp.GradScaler(enabled=fp16)
    for batch in batches:
        optim.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16, enabled=fp16):
            logits, target, loss = scorer.training_step(batch)
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(scorer.parameters(), max_norm)
        scaler.step(optim)
        scaler.update()
