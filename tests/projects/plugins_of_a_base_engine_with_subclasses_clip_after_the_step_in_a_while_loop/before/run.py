import torch

from plugins import NormClip, StepCounter
from tasks import Regression, WeightedRegression


def main(weighted=False):
    net = torch.nn.Linear(3, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    batches = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]
    plugins = [NormClip(0.5), StepCounter()]
    if weighted:
        engine = WeightedRegression(net, opt, batches, 6, plugins=plugins)
    else:
        engine = Regression(net, opt, batches, 6, plugins=plugins)
    engine.run()
    return net


if __name__ == "__main__":
    main()
