import torch
from transformers import get_linear_schedule_with_warmup as linear_warmup


def train(model, batches, total):
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
    done = 0
    while done < total:
        warmup = linear_warmup(optimizer, num_warmup_steps=10, num_training_steps=total)
        batch = batches[done % len(batches)]
        optimizer.zero_grad()
        model(**batch).loss.backward()
        optimizer.step()
        warmup.step()
        done += 1
