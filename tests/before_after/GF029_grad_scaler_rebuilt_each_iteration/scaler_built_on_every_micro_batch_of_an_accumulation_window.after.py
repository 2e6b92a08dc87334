import torch


def fit(policy, batches, accumulation, rounds):
    optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-5)
    amp_scaler = torch.amp.GradScaler("cuda")
    for _ in range(rounds):
        for micro in range(accumulation):
            with torch.autocast("cuda", dtype=torch.float16):
                loss = policy(next(batches)).mean() / accumulation
            amp_scaler.scale(loss).backward()
        amp_scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
        amp_scaler.step(optimizer)
        amp_scaler.update()
        optimizer.zero_grad(set_to_none=True)
