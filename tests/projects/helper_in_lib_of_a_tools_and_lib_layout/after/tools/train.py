import _init_paths  # noqa: F401  (puts lib/ on sys.path)
import torch
from core.function import train


def main(loader, model, epochs=140):
    criterion = torch.nn.MSELoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    lr_scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, [90, 120], 0.1)
    for epoch in range(epochs):
        train(loader, model, criterion, optimizer, epoch)
        lr_scheduler.step()
        torch.save(model.state_dict(), "checkpoint.pth")
