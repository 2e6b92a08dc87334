from torch import nn


def one_pass(net, opt, batches, micro=4):
    net.train()
    j = -1
    for j, (feats, target) in enumerate(batches):
        (nn.functional.l1_loss(net(feats), target) / micro).backward()
        if (j + 1) % micro == 0:
            opt.step()
            opt.zero_grad(set_to_none=False)
    return j
