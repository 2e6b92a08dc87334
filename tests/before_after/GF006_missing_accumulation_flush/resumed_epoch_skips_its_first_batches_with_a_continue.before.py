import torch
from torch import nn


def fine_tune(model, batches, optimizer, accumulate, already_done=0):
    """Resuming: the batches trained before the restart are skipped first with a `continue`
    (a countdown that stays at 0 once spent), and an index-based start written the same way.
    The skipped batches come first, so the last batch still runs and a flush testing the
    `enumerate` index after the loop holds exactly when micro-batches wait."""
    to_skip = already_done
    for step, (features, target) in enumerate(batches):
        if to_skip > 0:
            to_skip -= 1
            continue
        loss = nn.functional.l1_loss(model(features), target) / accumulate
        loss.backward()
        if (step + 1) % accumulate == 0:
            optimizer.step()
            optimizer.zero_grad()


def resume_at(model, batches, optimizer, accumulate, first_batch):
    for k, (features, target) in enumerate(batches):
        if k < first_batch:
            continue
        (nn.functional.l1_loss(model(features), target) / accumulate).backward()
        if (k + 1) % accumulate == 0:
            optimizer.step()
            optimizer.zero_grad()
