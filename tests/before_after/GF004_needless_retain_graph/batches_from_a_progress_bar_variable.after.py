import torch
from tqdm import tqdm


def train(model, loader, opt, epochs):
    for epoch in range(epochs):
        pbar = tqdm(loader, desc=f"epoch {epoch}")
        for x, y in pbar:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
            pbar.set_postfix(loss=loss.item())
