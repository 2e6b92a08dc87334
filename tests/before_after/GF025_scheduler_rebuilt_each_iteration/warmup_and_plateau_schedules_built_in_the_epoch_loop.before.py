import torch
import transformers


def train(model, loader, epochs, total):
    opt = torch.optim.AdamW(model.parameters(), lr=5e-5)
    for epoch in range(epochs):
        sched = transformers.get_linear_schedule_with_warmup(opt, num_warmup_steps=100, num_training_steps=total)
        with torch.autocast("cpu"):
            for batch in loader:
                loss = model(**batch).loss
                loss.backward()
                opt.step()
                opt.zero_grad()
        sched.step()
        plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=2)
        plateau.step(loss.item())
