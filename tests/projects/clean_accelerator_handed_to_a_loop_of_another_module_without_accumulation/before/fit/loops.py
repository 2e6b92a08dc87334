import torch


def run_epoch(accelerator, net, batches, opt, accum):
    net.train()
    for step, (images, masks) in enumerate(batches):
        logits = net(images)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, masks)
        accelerator.backward(loss / accum)
        if (step + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
    if (step + 1) % accum != 0:
        opt.step()
        opt.zero_grad()
