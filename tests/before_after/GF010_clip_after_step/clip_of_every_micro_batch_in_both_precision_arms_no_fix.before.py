import torch
from apex import amp


def train(model, loader, optimizer, settings):
    optimizer.zero_grad()
    for index, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / settings.accum
        if settings.fp16:
            with amp.scale_loss(loss, optimizer) as scaled:
                scaled.backward()
            torch.nn.utils.clip_grad_norm_(amp.master_params(optimizer), settings.max_norm)
        else:
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), settings.max_norm)
        if (index + 1) % settings.accum == 0:
            optimizer.step()
            optimizer.zero_grad()
    if (index + 1) % settings.accum != 0:
        optimizer.step()
        optimizer.zero_grad()
