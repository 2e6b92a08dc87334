import torch
from torch import nn

model = nn.Linear(16, 4)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
grad_accum = 4


def run_epoch(batches, phase="train"):
    running = 0.0
    step = -1  # the flush after the loop reads it, also when the loop runs no batch
    for step, (features, labels) in enumerate(batches):
        # one pass for both phases; only the training phase updates
        loss = nn.functional.cross_entropy(model(features), labels)
        if phase == "train":
            (loss / grad_accum).backward()
            if (step + 1) % grad_accum == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
        running += loss.item()

    # the last micro-batches did not fill a whole window: step on them too
    if phase == "train" and (step + 1) % grad_accum != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    return running / max(len(batches), 1)
