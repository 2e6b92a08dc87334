import torch
import torch.nn.functional as F


def fine_tune(model, batches, optimizer, accumulation_steps, max_grad_norm):
    optimizer.zero_grad()
    for step, (inputs, labels) in enumerate(batches):
        loss = F.cross_entropy(model(inputs), labels) / accumulation_steps
        loss.backward()
        if (step + 1) % accumulation_steps == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
            optimizer.step()
            optimizer.zero_grad()
    if (step + 1) % accumulation_steps != 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
        optimizer.step()
        optimizer.zero_grad()


def fine_tune_windows(model, batches, optimizer, window, max_grad_norm):
    # the clip runs under a window test of its own, the same as the step's
    optimizer.zero_grad()
    for i, (inputs, labels) in enumerate(batches):
        (F.cross_entropy(model(inputs), labels) / window).backward()
        at_end = (i + 1) % window == 0 or i + 1 == len(batches)
        if (i + 1) % window == 0 or i + 1 == len(batches):
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
        if at_end:
            optimizer.step()
            optimizer.zero_grad()


def one_batch_per_step(model, batches, optimizer, max_grad_norm, log_every=10):
    # the `%` test only logs: every batch steps
    for i, (inputs, labels) in enumerate(batches):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(inputs), labels)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
        optimizer.step()
        if i % log_every == 0:
            print(loss.item())
