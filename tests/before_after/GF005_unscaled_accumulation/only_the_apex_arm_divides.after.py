import torch
from torch import nn

try:
    from apex import amp
except ImportError:
    amp = None


def train(model, loader, optimizer, args):
    model.train()
    optimizer.zero_grad()
    for step, (images, labels) in enumerate(loader):
        loss = nn.functional.cross_entropy(model(images), labels)
        if args.apex:
            with amp.scale_loss(loss / args.accumulation_steps, optimizer) as scaled_loss:
                scaled_loss.backward()
        else:
            (loss / args.accumulation_steps).backward()  # the default path
        if (step + 1) % args.accumulation_steps == 0 or step + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()
