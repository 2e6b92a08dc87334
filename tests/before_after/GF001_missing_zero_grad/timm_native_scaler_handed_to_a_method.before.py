import torch
from timm.utils import NativeScaler


class Runner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-3)

    def run_epoch(self, batches, amp_scaler):
        for inputs, labels in batches:
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.cross_entropy(self.net(inputs), labels)
            amp_scaler(loss, self.opt, parameters=self.net.parameters())


def main(net, batches):
    runner = Runner(net)
    scaler = NativeScaler()
    for _ in range(3):
        runner.run_epoch(batches, amp_scaler=scaler)
