import torch


def train(model, loader, epochs):
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for epoch in range(epochs):
        for batch in loader:
            opt.zero_grad(set_to_none=False)
            loss = model(**batch).loss
            loss.backward()
            opt.step()
