import torch


def fit(model, optimizer, loader):
    with torch.autocast("cuda", dtype=torch.bfloat16):  # bfloat16: no scaler needed
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
            loss.backward()
            optimizer.step()
