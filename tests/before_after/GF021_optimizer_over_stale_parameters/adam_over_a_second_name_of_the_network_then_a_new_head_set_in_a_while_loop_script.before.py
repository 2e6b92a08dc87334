import torch

network = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh())
network.head = torch.nn.Linear(8, 1)
trained = network
adam = torch.optim.Adam(trained.parameters(), lr=1e-3)
setattr(network, "head", torch.nn.Linear(8, 1))
steps = 0
while steps < 10:
    inputs = torch.randn(5, 4)
    adam.zero_grad()
    trained.head(trained(inputs)).pow(2).mean().backward()
    adam.step()
    steps += 1
