import torch
import torch.optim as optim
from tqdm import tqdm


def main(model, loader, epochs=10):
    optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler: optim.lr_scheduler.MultiStepLR = optim.lr_scheduler.MultiStepLR(optimizer, milestones=[3, 6], gamma=0.1)
    for epoch in tqdm(range(epochs)):
        model.train()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        with torch.no_grad():
            cosine = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, epochs)
        scheduler.step()
        cosine.step()
