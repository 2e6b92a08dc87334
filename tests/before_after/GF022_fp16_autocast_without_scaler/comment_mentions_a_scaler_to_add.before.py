# A comment names the scaler still to be added: the loop runs float16 autocast without one.
import torch
import torch.nn.functional as F


def train(model, optimizer, loader):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        # TODO: add a GradScaler once the fp16 path is stable
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
