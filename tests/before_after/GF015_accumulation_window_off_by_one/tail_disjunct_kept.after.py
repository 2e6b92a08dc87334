import torch


def train_epoch(model, loader, opt, args):
    for step, batch in enumerate(loader):
        loss = model(batch).mean() / args.accum_steps
        loss.backward()
        if (step + 1) % args.accum_steps == 0 or step == len(loader) - 1:
            opt.step()
            opt.zero_grad()
