import torch
import torch.nn.functional as F


def fine_tune(model, batches, optimizer, scheduler, accumulation_steps=4, max_grad_norm=1.0):
    model.zero_grad()
    for step, (inputs, labels) in enumerate(batches):
        loss = F.cross_entropy(model(inputs), labels) / accumulation_steps
        loss.backward()
        running = loss.item()
        if (step + 1) % accumulation_steps == 0:
            # keep the update bounded
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
            optimizer.step()
            scheduler.step()
            model.zero_grad()
    if (step + 1) % accumulation_steps != 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
        optimizer.step()
        scheduler.step()
        model.zero_grad()
    return running
