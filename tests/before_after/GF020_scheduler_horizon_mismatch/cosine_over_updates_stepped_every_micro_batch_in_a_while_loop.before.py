import torch

GRAD_ACCUM = 8
EPOCHS = 4


def fit(net, batches):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    steps_total = EPOCHS * len(batches) // GRAD_ACCUM
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=steps_total)
    for epoch in range(EPOCHS):
        k = 0
        while k < len(batches):
            x, y = batches[k]
            (torch.nn.functional.mse_loss(net(x), y) / GRAD_ACCUM).backward()
            k += 1
            if k % GRAD_ACCUM == 0:
                opt.step()
                opt.zero_grad()
            cosine.step()
