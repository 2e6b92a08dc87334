import torch


def train(net, batches, args):
    optimizer = torch.optim.SGD(net.parameters(), lr=args.lr)
    step = 0
    while step < args.steps:
        x, y = next(batches)
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(net(x), y)
        loss.backward()
        if args.grad_clip > 0:
            torch.nn.utils.clip_grad_norm_(net.parameters(), args.grad_clip)
        optimizer.step()
        step += 1
