import torch
from torch.nn.utils import clip_grad_norm_


def train(model, loader, accelerator, accum_steps):
    optimizer = torch.optim.AdamW(model.parameters())
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        with accelerator.accumulate(model):
            loss = model(**batch).loss
            accelerator.backward(loss)
            if accelerator.sync_gradients:
                accelerator.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()


def plain(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        norm = clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        print(norm.item())
