import torch
from torch import nn

from fitkit.events import Clock, Probe
from fitkit.fitter import Fitter

if __name__ == "__main__":
    torch.manual_seed(0)
    network = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.3), nn.Linear(16, 1))
    batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
    listeners = [Clock(), Probe(batches[:1])]
    Fitter(network, torch.optim.SGD(network.parameters(), lr=0.05), listeners).fit(batches, epochs=3)
    print(network[0].weight.sum().item())
