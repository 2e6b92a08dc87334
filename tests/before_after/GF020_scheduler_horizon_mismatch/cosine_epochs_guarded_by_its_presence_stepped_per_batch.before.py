import torch
import torch.nn.functional as F


def run(args, net, train_loader):
    optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)
    scheduler = None
    if args.cosine:
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=args.epochs)
    for epoch in range(args.epochs):
        for images, labels in train_loader:
            optimizer.zero_grad()
            F.cross_entropy(net(images), labels).backward()
            optimizer.step()
            if scheduler is not None:
                scheduler.step()
