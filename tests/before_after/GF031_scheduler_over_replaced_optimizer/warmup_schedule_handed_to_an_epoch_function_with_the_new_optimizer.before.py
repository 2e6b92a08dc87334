import torch
from transformers import get_linear_schedule_with_warmup


def run_epoch(model, loader, optim, lr_schedule):
    for batch in loader:
        optim.zero_grad()
        model(**batch).loss.backward()
        optim.step()
        lr_schedule.step()


def main(model, loader, epochs, warmup):
    optim = torch.optim.AdamW(model.parameters(), lr=5e-5)
    lr_schedule = get_linear_schedule_with_warmup(optim, warmup, epochs * len(loader))
    # restart without the decay on the embeddings
    optim = torch.optim.AdamW(
        [{"params": model.encoder.parameters()}, {"params": model.embeddings.parameters(), "weight_decay": 0.0}],
        lr=5e-5,
    )
    for _ in range(epochs):
        run_epoch(model, loader, optim, lr_schedule)
