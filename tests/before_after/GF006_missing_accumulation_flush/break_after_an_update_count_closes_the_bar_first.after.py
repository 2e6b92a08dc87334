import torch
from tqdm import tqdm


def train(args, model, loader, optimizer):
    updates = 0
    for epoch in range(args.epochs):
        bar = tqdm(loader)
        i = -1  # the flush after the loop reads it, also when the loop runs no batch
        for i, (x, y) in enumerate(bar):
            loss = torch.nn.functional.cross_entropy(model(x), y) / args.accum
            loss.backward()
            if (i + 1) % args.accum == 0:
                optimizer.step()
                optimizer.zero_grad()
                updates += 1
            if args.max_updates > 0 and updates >= args.max_updates:
                bar.close()
                break

        # the last micro-batches did not fill a whole window: step on them too
        if (i + 1) % args.accum != 0:
            optimizer.step()
            optimizer.zero_grad()
            updates += 1
        if args.max_updates > 0 and updates >= args.max_updates:
            break
