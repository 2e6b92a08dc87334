import torch


class DiagonalLaplace(torch.nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.pairs = [(m, n) for m in net.modules() for n, _ in m.named_parameters(recurse=False)]

    def forward(self, x):
        return self.net(x)

    def fit_precision(self, loader, criterion):
        precision = {}
        for module, name in self.pairs:
            precision[(module, name)] = torch.zeros_like(getattr(module, name))
        for inputs, _ in loader:
            logits = self(inputs)
            sampled = torch.distributions.Categorical(logits=logits).sample()
            criterion(logits, sampled).backward()
            for module, name in self.pairs:
                g = module.__getattr__(name).grad
                precision[(module, name)].add_(g * g)
        return precision
