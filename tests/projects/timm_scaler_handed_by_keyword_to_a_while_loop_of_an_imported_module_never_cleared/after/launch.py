import torch
from timm.utils import NativeScaler

from engines import finetune


def launch(batches):
    net = torch.nn.Sequential(torch.nn.Linear(8, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    scaler = NativeScaler()
    finetune.run_epoch(net, batches, opt, loss_scaler=scaler)
    finetune.run_epoch(net, batches, opt, loss_scaler=NativeScaler(), log_every=5)
