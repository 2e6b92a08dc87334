import torch


def train(model, optimizer, loader, epochs, accumulation_steps, checkpoint):
    for epoch in range(epochs):
        model.train()
        step = -1  # the flush after the loop reads it, also when the loop runs no batch
        for step, (inputs, labels) in enumerate(loader):
            loss = torch.nn.functional.binary_cross_entropy_with_logits(model(inputs), labels)
            (loss / accumulation_steps).backward()
            if (step + 1) % accumulation_steps == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)

        # the last micro-batches did not fill a whole window: step on them too
        if (step + 1) % accumulation_steps != 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        checkpoint.bert_epoch_step(current=loss.item(), state={"model": model, "epoch": epoch})
