import torch


def train_epoch(model, loader, optimizer, criterion, scaler=None, max_norm=1.0):
    model.train()
    for inputs, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", enabled=scaler is not None):
            loss = criterion(model(inputs), targets)
        if scaler is not None:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        if scaler is not None:
            scaler.unscale_(optimizer)
        # clip in both modes
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        if scaler is not None:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()


def train(args, model, loader, optimizer):
    scaler = torch.cuda.amp.GradScaler()
    for batch in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.cuda.amp.autocast(enabled=args.fp16):
            loss = model(**batch).loss
        if args.fp16:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        if args.fp16:
            scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_value_(model.parameters(), args.clip)
        if args.fp16:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()
