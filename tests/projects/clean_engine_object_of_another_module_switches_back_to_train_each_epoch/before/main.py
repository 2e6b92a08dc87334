import torch

from core.factory import make_network, make_optim
from core.runner import Runner

SETTINGS = {"lr": 1e-2, "width": 16, "epochs": 3}


def main(settings):
    torch.manual_seed(0)
    net = make_network(settings["width"])
    optim = make_optim(settings, net)
    runner = Runner(net, optim)
    batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(4)]
    epoch = 0
    while epoch < settings["epochs"]:
        runner.train_epoch(batches)
        print(epoch, runner.validate(batches[:1]))
        epoch += 1


if __name__ == "__main__":
    main(SETTINGS)
