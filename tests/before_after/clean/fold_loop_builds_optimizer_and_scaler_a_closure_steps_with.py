import torch
import torch.nn.functional as F


def cross_validate(make_model, folds, epochs):
    for train_loader in folds:
        model = make_model()
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        scaler = torch.amp.GradScaler("cuda")

        def step(x, y):
            optimizer.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.cross_entropy(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()

        for epoch in range(epochs):
            for x, y in train_loader:
                step(x, y)
