import torch
import transformers


def train(model, loader, epochs, total):
    opt = torch.optim.AdamW(model.parameters(), lr=5e-5)
    sched = transformers.get_linear_schedule_with_warmup(opt, num_warmup_steps=100, num_training_steps=total)
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=2)
    for epoch in range(epochs):
        with torch.autocast("cpu"):
            for batch in loader:
                loss = model(**batch).loss
                loss.backward()
                opt.step()
                opt.zero_grad()
        sched.step()
        plateau.step(loss.item())
