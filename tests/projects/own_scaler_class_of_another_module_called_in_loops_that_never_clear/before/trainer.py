import torch.nn.functional as F

import util.misc as misc


class Finetuner:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def fit(self, batches, max_norm=1.0):
        loss_scaler = misc.ScalerWithGradNorm()
        i = 0
        while i < len(batches):
            x, y = batches[i]
            loss = F.cross_entropy(self.net(x), y)
            loss_scaler(loss, self.opt, clip_grad=max_norm, parameters=self.net.parameters())
            i += 1
