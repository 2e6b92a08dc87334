import torch


def main(args, build_net, loader):
    net = build_net(args.depth)
    optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)
    if args.resume:
        state = torch.load(args.resume, map_location="cpu", weights_only=False)
        net = state["net"]  # a whole pickled module: the optimizer still holds the old one's parameters
        start_epoch = state["epoch"]
    else:
        start_epoch = 0
    for epoch in range(start_epoch, args.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(net(x), y).backward()
            optimizer.step()
