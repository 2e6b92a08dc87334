import torch
from timm.utils import NativeScaler


class Runner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-3)

    def run_epoch(self, batches, amp_scaler):
        for inputs, labels in batches:
            loss = torch.nn.functional.cross_entropy(self.net(inputs), labels)
            amp_scaler(loss, self.opt)


def clearing_scaler(loss, opt):
    opt.zero_grad()
    loss.backward()
    opt.step()


def main(net, batches, amp):
    runner = Runner(net)
    runner.run_epoch(batches, NativeScaler())
    runner.run_epoch(batches, clearing_scaler)
