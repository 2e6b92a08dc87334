import torch


def train(args, model, data_iter, optimizer, scheduler):
    step = 0
    while step < args.max_steps:
        batch = next(data_iter)
        outputs = model(**batch)
        loss = outputs.loss
        (loss / args.gradient_accumulation_steps).backward()
        step += 1
        if step % args.gradient_accumulation_steps == 0:
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
