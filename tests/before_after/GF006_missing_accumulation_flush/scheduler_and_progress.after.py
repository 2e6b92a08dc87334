import torch


def train(args, model, train_dataloader, optimizer, lr_scheduler, progress_bar):
    completed_steps = 0
    for epoch in range(args.num_train_epochs):
        model.train()
        step = -1  # the flush after the loop reads it, also when the loop runs no batch
        for step, batch in enumerate(train_dataloader):
            loss = model(**batch).loss
            loss = loss / args.gradient_accumulation_steps
            loss.backward()
            if (step + 1) % args.gradient_accumulation_steps == 0:
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()
                progress_bar.update(1)
                completed_steps += 1

        # the last micro-batches did not fill a whole window: step on them too
        if (step + 1) % args.gradient_accumulation_steps != 0:
            optimizer.step()
            lr_scheduler.step()
            optimizer.zero_grad()
            completed_steps += 1

        model.eval()
