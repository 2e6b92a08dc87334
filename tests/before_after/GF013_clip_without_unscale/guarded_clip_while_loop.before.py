import torch


def train(model, batches, args):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    grad_scaler = torch.amp.GradScaler("cuda", enabled=args.fp16)
    step = 0
    while step < args.max_steps:
        x, y = next(batches)
        with torch.autocast("cuda", enabled=args.fp16):
            loss = model(x, y)
        grad_scaler.scale(loss).backward()
        if args.max_grad_norm > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
        grad_scaler.step(optimizer)
        grad_scaler.update()
        optimizer.zero_grad(set_to_none=True)
        step += 1
