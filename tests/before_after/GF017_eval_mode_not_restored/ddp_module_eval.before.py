import torch
from torch.nn.parallel import DistributedDataParallel as DDP


def run(net, rank, loader, val_loader, epochs):
    model = DDP(net.to(rank), device_ids=[rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
        if rank == 0:
            model.module.eval()
            with torch.no_grad():
                for x, y in val_loader:
                    print(model.module(x).argmax(1).eq(y).float().mean().item())
