# The step is tested on the scheduler itself and on the epoch (`if args.scheduler and
# scheduler is not None and epoch > 0`): it skips the first epoch on purpose; nothing to report.
import torch


def run(net, batches, optimizer, scheduler, args, epochs):
    for epoch in range(epochs):
        for x, y in batches:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(net(x), y)
            loss.backward()
            if args.scheduler and scheduler is not None and epoch > 0:
                scheduler.step()
            optimizer.step()


def main(args, net, batches):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda e: 0.9**e)
    run(net, batches, optimizer, scheduler, args, 5)
