import torch
import torch.nn as nn

EPOCHS = 20


def train(model, heads, loader):
    params = list(model.parameters()) + [p for head in heads.values() for p in head.parameters()]
    optimizer = torch.optim.AdamW(params, lr=3e-4)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)
    for epoch in range(EPOCHS):
        for step, batch in enumerate(loader):
            # one batch per task: {"seg": (x, y), "cls": (x, y)}
            for task, (x, y) in batch.items():
                optimizer.zero_grad()
                loss = nn.functional.cross_entropy(heads[task](model(x)), y)
                loss.backward()
                optimizer.step()
                scheduler.step()
