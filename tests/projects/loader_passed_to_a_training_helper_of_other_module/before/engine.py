import torch.nn.functional as F


def train_one_epoch(model, data_loader, optimizer, device):
    model.train()
    for images, targets in data_loader:
        loss = F.cross_entropy(model(images.to(device)), targets.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item()
