# An accumulation loop whose warm-up and decay count batches (`total_steps=epochs *
# len(loader)`) but whose scheduler steps once per epoch. The unsafe fix steps it after the
# window's `if`, once per batch as the horizon counts (inside the window it would run a quarter
# of the schedule).
import torch
import torch.nn.functional as F


def fit(model, loader, epochs, accum=4):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=3e-4, total_steps=epochs * len(loader))
    for epoch in range(epochs):
        for step, (inputs, labels) in enumerate(loader):
            loss = F.cross_entropy(model(inputs), labels) / accum
            loss.backward()
            if (step + 1) % accum == 0 or step + 1 == len(loader):
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                optimizer.zero_grad()
        schedule.step()
