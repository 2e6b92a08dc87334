import torch


def probe(backbone_and_head, opt, batches, frozen):
    step = 0
    while step < 10_000:
        if frozen:
            backbone_and_head.eval()  # keep the frozen backbone's running statistics
        for inputs, targets in batches:
            out = backbone_and_head(inputs)
            objective = torch.nn.functional.nll_loss(out, targets)
            opt.zero_grad()
            objective.backward()
            opt.step()
            step += 1
