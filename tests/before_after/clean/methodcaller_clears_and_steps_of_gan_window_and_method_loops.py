import operator
from operator import methodcaller

import torch
import torch.nn.functional as F

wipe = methodcaller("zero_grad", set_to_none=True)
STEP = operator.methodcaller("step")


def train_pair(generator, critic, batches, every=2):
    g_opt = torch.optim.Adam(generator.parameters(), lr=2e-4)
    c_opt = torch.optim.Adam(critic.parameters(), lr=2e-4)
    for noise, real in batches:
        wipe(c_opt)
        fake = generator(noise).detach()
        (critic(fake).mean() - critic(real).mean()).backward()
        STEP(c_opt)
        wipe(g_opt)
        (-critic(generator(noise)).mean()).backward()
        STEP(g_opt)


def accumulate(net, batches, every=4):
    sgd = torch.optim.SGD(net.parameters(), lr=0.05)
    for n, (x, y) in enumerate(batches, start=1):
        (F.cross_entropy(net(x), y) / every).backward()
        if n % every == 0:
            STEP(sgd)
            wipe(sgd)
    if n % every != 0:
        STEP(sgd)
        wipe(sgd)


class Learner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-3)

    def fit(self, rows):
        for x, y in rows:
            wipe(self.opt)
            F.mse_loss(self.net(x), y).backward()
            STEP(self.opt)
