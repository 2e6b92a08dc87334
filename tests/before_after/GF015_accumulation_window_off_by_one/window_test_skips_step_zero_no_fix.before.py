import torch


def train_epoch(model, optimizer, dataloader, accumulation_steps: int = 20):
    model.train()
    optimizer.zero_grad()
    epoch_loss = 0.0
    for step, (image, mask) in enumerate(dataloader):
        loss = torch.nn.functional.binary_cross_entropy_with_logits(model(image), mask)
        (loss / accumulation_steps).backward()
        if step % accumulation_steps == 0 and step != 0:
            optimizer.step()
            optimizer.zero_grad()
        epoch_loss += loss.item()
    return epoch_loss / len(dataloader)
