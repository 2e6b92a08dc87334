import torch
from tqdm.auto import tqdm


def train(model, train_dataloader, optimizer, lr_scheduler, epochs, gradient_accumulation_steps=8):
    model.train()
    for epoch in range(epochs):
        step = 0  # the flush after the loop reads it, also when the loop runs no batch
        for step, batch in tqdm(enumerate(train_dataloader, start=1), total=len(train_dataloader)):
            loss = model(batch["input_ids"], labels=batch["input_ids"]).loss
            loss = loss / gradient_accumulation_steps
            loss.backward()
            if step % gradient_accumulation_steps == 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if step % gradient_accumulation_steps != 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            lr_scheduler.step()
            optimizer.zero_grad()
