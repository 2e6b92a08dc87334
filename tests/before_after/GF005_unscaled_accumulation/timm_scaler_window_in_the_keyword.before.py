# timm's accumulation written in the scaler's keyword: `need_update=` holds the window's own
# test, so the scaler backpropagates every micro-batch and unscales, clips and steps only at a
# window's end. The loss is never divided by the window's size: each step applies the sum.
import torch
from torch import nn
from timm.utils import NativeScaler


def fit(net, batches, opt, epochs=2, accum=4):
    scaler = NativeScaler()
    criterion = nn.MSELoss()
    for _ in range(epochs):
        for step, (features, labels) in enumerate(batches):
            loss = criterion(net(features), labels)
            scaler(loss, opt, clip_grad=2.0, parameters=net.parameters(), need_update=(step + 1) % accum == 0)
            if (step + 1) % accum == 0:
                opt.zero_grad()


net = nn.Linear(6, 2)
fit(net, [(torch.randn(3, 6), torch.randn(3, 2))] * 8, torch.optim.AdamW(net.parameters()))
