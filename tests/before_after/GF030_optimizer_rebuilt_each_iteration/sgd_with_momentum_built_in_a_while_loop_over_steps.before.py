from torch import nn, optim

net = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 1))
criterion = nn.MSELoss()
batches = iter(stream())
step, total_steps = 0, 5_000

while step < total_steps:
    features, labels = next(batches)
    sgd = optim.SGD(net.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    sgd.zero_grad(set_to_none=True)
    criterion(net(features), labels).backward()
    sgd.step()
    step += 1
