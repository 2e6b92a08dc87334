import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for epoch in range(epochs):

        def amp_step(i, batch):
            inputs, labels = batch
            grad_scaler = torch.amp.GradScaler("cuda")
            optimizer.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.float16):
                loss = nn.functional.cross_entropy(model(inputs), labels)
            grad_scaler.scale(loss).backward()
            grad_scaler.step(optimizer)
            grad_scaler.update()
            return loss.item()

        for i, batch in enumerate(loader):
            amp_step(i, batch)
        print(f"epoch {epoch} done")
