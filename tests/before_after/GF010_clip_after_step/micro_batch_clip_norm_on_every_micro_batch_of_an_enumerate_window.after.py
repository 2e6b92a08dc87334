import torch
import torch.nn.functional as F

model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
accum_steps = 4


def train_epoch(loader):
    model.train()
    for i, (x, y) in enumerate(loader):
        loss = F.cross_entropy(model(x), y) / accum_steps
        loss.backward()
        if (i + 1) % accum_steps == 0 or (i + 1) == len(loader):
            # keep the update bounded
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
