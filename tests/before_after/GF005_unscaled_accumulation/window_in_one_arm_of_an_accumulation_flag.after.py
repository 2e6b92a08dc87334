import torch
from torch import nn


def main(args):
    model = nn.Linear(6, 3)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    criterion = nn.CrossEntropyLoss()
    loader = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(10)]
    for epoch in range(args.epochs):
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            if args.accum > 1:
                (loss / args.accum).backward()
                if (i + 1) % args.accum == 0:
                    optimizer.step()
                    optimizer.zero_grad()
            else:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
        if args.accum > 1 and (i + 1) % args.accum != 0:
            optimizer.step()
            optimizer.zero_grad()
